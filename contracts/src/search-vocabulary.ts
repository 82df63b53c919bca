import type { CategoryType, ColorName, Fabric, Gender, Genre, SeasonFit, SleeveType, StyleGroup, SUBCATEGORIES } from "./catalog-vocabulary.js"

/*
 * The words shoppers type into search and what they mean in the catalogue (issue 46). Data only: the storefront may
 * import it. To teach search a word, add it to the `words` of the entry that means the same thing, or add an entry;
 * search-query.test.ts reads every entry, so a new line is tested by being added.
 *
 * - Write words as people type them, in any case, script or spelling: "t-shirt", "men's", "सफ़ेद". Punctuation and
 *   case are read away, so "t-shirt" is also "t shirt" and "T Shirt".
 * - List the singular: "hoodies", "kurtis" and "cargos" are read as "hoodie", "kurti" and "cargo".
 * - Leave out typos: a word of 4 to 6 letters is found with one typo, a longer one with two ("hoddie", "palazo").
 * - A word belongs to one entry only.
 */

export type Subcategory = (typeof SUBCATEGORIES)[keyof typeof SUBCATEGORIES][number]

/** What a word names: the catalogue's own values, under the listing's filter names, and the words titles use. */
export type SearchWordMeaning = {
  gender?: Gender
  categoryType?: CategoryType
  subcategory?: Subcategory
  styleGroup?: StyleGroup
  colorName?: ColorName
  fabric?: Fabric
  genre?: Genre
  sleeveType?: SleeveType
  seasonFit?: SeasonFit
  /** How products' titles and descriptions name it, for full-text search ("kurti" finds "Kurta" and "Kurti"). */
  terms?: readonly string[]
}

export type SearchVocabularyEntry = SearchWordMeaning & {
  /** What shoppers type for it. */
  words: readonly string[]
}

/**
 * Garments, with the shelf the shop files them on. A garment names a subcategory when the shop has a shelf named for
 * it (Hoodies, Polo, Jeans…); tees are on both the Oversized and the Regular shelf, so "tee" names the category type
 * only. A fit's words (below) name the shelf before a garment's: "loose fit jeans" are on the Loose fit shelf.
 */
const GARMENT_WORDS: readonly SearchVocabularyEntry[] = [
  { words: ["tee", "t shirt", "t-shirt", "tshirt", "tee shirt", "टी शर्ट", "टीशर्ट"], categoryType: "UPPERS", terms: ["tee", "t-shirt"] },
  { words: ["top", "crop top", "cropped", "टॉप"], categoryType: "UPPERS", terms: ["top", "cropped"] },
  { words: ["hoodie", "hoody", "hoodi", "hudi", "hoodie sweatshirt", "हुडी", "हूडी"], categoryType: "UPPERS", subcategory: "Hoodies", terms: ["hoodie"] },
  {
    words: ["sweatshirt", "sweat shirt", "sweater", "jumper", "pullover", "स्वेटशर्ट", "स्वेटर"],
    categoryType: "UPPERS",
    terms: ["sweatshirt", "sweater", "pullover", "fleece", "hoodie"],
  },
  {
    words: ["polo", "polo t shirt", "polo tshirt", "polo tee", "collar t shirt", "collar tshirt", "collared t shirt", "पोलो"],
    categoryType: "UPPERS",
    subcategory: "Polo",
    terms: ["polo"],
  },
  {
    words: ["oversized", "oversize", "over size", "over sized", "drop shoulder", "ओवरसाइज़"],
    categoryType: "UPPERS",
    subcategory: "Oversized",
    terms: ["oversized"],
  },
  { words: ["dress", "frock", "one piece", "gown", "ड्रेस"], categoryType: "UPPERS", terms: ["dress"] },
  { words: ["kurta", "kurti", "कुर्ता", "कुर्ती"], categoryType: "UPPERS", styleGroup: "TRADITIONS", terms: ["kurta", "kurti"] },
  { words: ["anarkali", "अनारकली"], categoryType: "UPPERS", styleGroup: "TRADITIONS", terms: ["anarkali", "kurta"] },
  { words: ["chikankari", "chikan", "चिकनकारी"], categoryType: "UPPERS", styleGroup: "TRADITIONS", terms: ["chikankari"] },
  { words: ["topwear", "top wear", "upper", "upperwear", "upper wear"], categoryType: "UPPERS" },
  { words: ["bottom", "bottomwear", "bottom wear", "lower", "lowerwear", "lower wear"], categoryType: "LOWERS" },
  { words: ["jeans", "jean", "denims", "jeans pant", "denim jeans", "जींस"], categoryType: "LOWERS", subcategory: "Jeans", terms: ["jeans", "denim"] },
  {
    words: ["jogger", "joggers", "track pant", "trackpant", "track pants", "trackpants", "track", "sweatpant", "sweat pant", "jogging pant", "ट्रैक पैंट"],
    categoryType: "LOWERS",
    terms: ["jogger", "track pant", "sweatpant"],
  },
  {
    words: ["pyjama", "pajama", "payjama", "paijama", "pjs", "lounge pant", "night pant", "पजामा", "पायजामा"],
    categoryType: "LOWERS",
    terms: ["pyjama", "pajama", "lounge"],
  },
  { words: ["trouser", "trousers", "pant", "pants", "formal pant", "पैंट"], categoryType: "LOWERS", terms: ["trouser", "pant"] },
  { words: ["chino", "chinos"], categoryType: "LOWERS", terms: ["chino"] },
  { words: ["cargo", "cargo pant", "cargo pants", "cargo trouser", "कार्गो"], categoryType: "LOWERS", subcategory: "Cargo pants", terms: ["cargo"] },
  { words: ["parachute pant", "parachute"], categoryType: "LOWERS", terms: ["parachute"] },
  { words: ["palazzo", "plazo", "palazzo pant", "पलाज़ो", "प्लाज़ो"], categoryType: "LOWERS", terms: ["palazzo"] },
  { words: ["sharara", "gharara", "शरारा", "गरारा"], categoryType: "LOWERS", styleGroup: "TRADITIONS", terms: ["sharara"] },
  { words: ["salwar", "shalwar", "churidar", "सलवार"], categoryType: "LOWERS", styleGroup: "TRADITIONS", terms: ["salwar", "ethnic"] },
]

/** Fits: the shelves named for how a piece sits. */
const FIT_WORDS: readonly SearchVocabularyEntry[] = [
  { words: ["regular fit", "regular tee"], subcategory: "Regular", terms: ["regular"] },
  {
    words: ["loose fit", "loose", "baggy", "relaxed fit", "relaxed", "wide leg", "लूज़"],
    subcategory: "Loose fit",
    terms: ["loose", "baggy", "relaxed", "wide leg"],
  },
  { words: ["slim fit", "slim", "skinny", "tapered"], subcategory: "Slim fit", terms: ["slim", "tapered"] },
  { words: ["straight fit", "straight", "straight cut"], subcategory: "Straight fit", terms: ["straight"] },
]

const STYLE_WORDS: readonly SearchVocabularyEntry[] = [
  {
    words: ["ethnic", "ethnic wear", "traditional", "traditional wear", "desi", "indian wear", "festive", "एथनिक", "पारंपरिक"],
    styleGroup: "TRADITIONS",
  },
  { words: ["western", "western wear", "वेस्टर्न"], styleGroup: "WESTERN" },
]

const GENDER_WORDS: readonly SearchVocabularyEntry[] = [
  {
    words: [
      "men",
      "mens",
      "men's",
      "man",
      "male",
      "boy",
      "boys",
      "gents",
      "guys",
      "ladka",
      "ladke",
      "ladko",
      "ladkon",
      "purush",
      "पुरुष",
      "पुरुषों",
      "लड़का",
      "लड़के",
      "लड़कों",
      "मर्द",
    ],
    gender: "MEN",
  },
  {
    words: [
      "women",
      "womens",
      "women's",
      "woman",
      "ladies",
      "lady",
      "girl",
      "girls",
      "female",
      "ladki",
      "ladkiyon",
      "ladkiyo",
      "mahila",
      "aurat",
      "महिला",
      "महिलाओं",
      "लड़की",
      "लड़कियों",
      "औरत",
    ],
    gender: "WOMEN",
  },
]

/** Colours in English, in Hindi typed in Latin letters, and in Devanagari. */
const COLOUR_WORDS: readonly SearchVocabularyEntry[] = [
  { words: ["black", "kala", "kaala", "kali", "kaali", "kale", "kaale", "काला", "काली", "काले", "ब्लैक"], colorName: "Black" },
  { words: ["white", "safed", "safaid", "sufed", "off white", "सफ़ेद", "सफेद", "व्हाइट"], colorName: "White" },
  { words: ["red", "lal", "laal", "maroon", "लाल", "मैरून"], colorName: "Red" },
  { words: ["blue", "neela", "nila", "neeli", "nili", "neele", "navy", "indigo", "नीला", "नीली", "नीले"], colorName: "Blue" },
  { words: ["grey", "gray", "sleti", "slety", "charcoal", "स्लेटी", "ग्रे"], colorName: "Grey" },
  { words: ["green", "hara", "haraa", "hari", "olive", "हरा", "हरी", "हरे"], colorName: "Green" },
]

const FABRIC_WORDS: readonly SearchVocabularyEntry[] = [
  { words: ["cotton", "sooti", "सूती", "कॉटन"], fabric: "Cotton" },
  { words: ["polyester", "poly", "dri fit", "dryfit"], fabric: "Polyester" },
  { words: ["denim", "डेनिम"], fabric: "Denim" },
  { words: ["wool", "woollen", "woolen", "ooni", "ऊनी"], fabric: "Wool" },
  { words: ["blend", "cotton blend", "mixed fabric"], fabric: "Blend" },
]

const GENRE_WORDS: readonly SearchVocabularyEntry[] = [
  { words: ["marvel", "superhero", "avengers"], genre: "Marvel" },
  { words: ["streetwear", "street wear", "street style"], genre: "Streetwear" },
  { words: ["aesthetic", "aesthetics"], genre: "Aesthetic" },
  { words: ["anime", "manga", "एनीमे"], genre: "Anime" },
]

const SLEEVE_WORDS: readonly SearchVocabularyEntry[] = [
  { words: ["full sleeve", "full sleeves", "long sleeve", "full bazu", "फुल स्लीव"], sleeveType: "FULL" },
  { words: ["half sleeve", "half sleeves", "short sleeve", "half bazu", "हाफ स्लीव"], sleeveType: "HALF" },
]

const SEASON_WORDS: readonly SearchVocabularyEntry[] = [
  { words: ["winter", "winter wear", "sardi", "sardiyon", "सर्दी", "सर्दियों"], seasonFit: "WINTER" },
  { words: ["summer", "summer wear", "garmi", "garmiyon", "गर्मी", "गर्मियों"], seasonFit: "SUMMER" },
  { words: ["all season", "all weather", "every season", "har mausam", "हर मौसम"], seasonFit: "NEUTRAL" },
]

/** Every entry search reads, in this order when a typo is as near to two words. */
export const SEARCH_VOCABULARY: readonly SearchVocabularyEntry[] = [
  ...GARMENT_WORDS,
  ...FIT_WORDS,
  ...STYLE_WORDS,
  ...GENDER_WORDS,
  ...COLOUR_WORDS,
  ...FABRIC_WORDS,
  ...GENRE_WORDS,
  ...SLEEVE_WORDS,
  ...SEASON_WORDS,
]

/**
 * Words that carry no meaning for search and are dropped, never corrected to a near vocabulary word. Includes what
 * the shop has no filter for yet ("sale"), so it is not read as a near word ("male").
 */
export const SEARCH_STOP_WORDS: readonly string[] = [
  ...["a", "an", "the", "and", "or", "for", "in", "of", "on", "with", "to", "by", "at", "from", "between", "i", "my", "is", "are"],
  ...["buy", "online", "shop", "show", "want", "need", "looking", "please", "pls", "plz", "new", "best", "latest", "price", "cost"],
  ...["sale", "offer", "offers", "discount", "deal", "deals", "cool", "nice", "good", "wear", "clothes", "clothing", "wala"],
  ...["ka", "ki", "ke", "ko", "se", "mein", "me", "wali", "wale", "aur", "liye", "chahiye", "dikhao", "mujhe", "hai", "tak"],
  ...["का", "की", "के", "को", "से", "में", "और", "लिए", "वाला", "वाली", "वाले", "चाहिए", "दिखाओ", "मुझे", "है", "तक"],
]

/** Words for rupees, read away wherever they stand ("under rs 1000", "999 rupees"); "₹" is read as "rs". */
export const SEARCH_CURRENCY_WORDS: readonly string[] = ["rs", "inr", "rupee", "rupees", "rupay", "rupaye", "rupaiye", "रुपये", "रुपए", "रु"]

/** How a price is said: the words before or after a number that make it the most or the least a shopper pays. */
export const SEARCH_PRICE_WORDS = {
  /** "under 1000", "less than 999", "upto 2000". */
  atMostBefore: [
    "under",
    "below",
    "less than",
    "lesser than",
    "lower than",
    "cheaper than",
    "upto",
    "up to",
    "within",
    "max",
    "maximum",
    "not more than",
    "budget",
  ],
  /** "1000 se kam", "1000 ke andar", "999 or less". */
  atMostAfter: ["se kam", "ke andar", "ke niche", "ke neeche", "tak", "or less", "or below", "and below", "and under", "max", "से कम", "के अंदर", "के नीचे", "तक"],
  /** "above 2000", "over 1500", "starting 500". */
  atLeastBefore: ["above", "over", "more than", "greater than", "min", "minimum", "starting", "starting from", "from"],
  /** "2000 se zyada", "1500 and above", "1000 plus". */
  atLeastAfter: ["se zyada", "se jyada", "se upar", "ke upar", "and above", "or more", "plus", "onwards", "से ज़्यादा", "से ज्यादा", "से ऊपर", "के ऊपर"],
  /** A range: "500 to 1000", "500 se 1000", "between 500 and 1000" ("₹500-1000" is read as "500 to 1000"). */
  rangeBefore: ["between", "from"],
  rangeJoin: ["to", "se", "and", "till", "से"],
} as const satisfies Record<string, readonly string[]>
