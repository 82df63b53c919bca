import { useId } from "react"
import { LoadingLine, ReadError } from "@/components/ui/read-status"
import { formatShortDate } from "@/lib/dates"
import { formatPaise, type LedgerEntry, type Post } from "@fitshop/contracts"
import { useMyPosts } from "@/lib/api/get-my-posts"
import { useWalletLedger } from "../api/get-wallet-ledger"
import { PostThumbnail, postTitle } from "./fitfeed-tab"

/** 10 Dark Coins are worth ₹1, so one coin is 10 paise. */
const PAISE_PER_COIN = 10

const coinsText = (coins: number) => `${String(coins)} ${Math.abs(coins) === 1 ? "coin" : "coins"}`

const signedCoinsText = (coins: number) => (coins > 0 ? `+${coinsText(coins)}` : coinsText(coins))

const rupeesOf = (coins: number) => formatPaise(coins * PAISE_PER_COIN)

/** What a post earned: its author's own posts (these) carry the figure, which the BFF shows nobody else. */
const earnedBy = (post: Post) => post.earningsCoins ?? 0

function PostEarnings({ posts }: { posts: Post[] }) {
  const total = posts.reduce((sum, post) => sum + earnedBy(post), 0)
  return (
    <>
      <ul className="order-list" aria-label="Coins per post">
        {posts.map((post) => (
          <li key={post.id} className="order-card__item">
            <PostThumbnail post={post} />
            <div className="order-card__item-text">
              <span className="order-card__item-title">{postTitle(post)}</span>
              <span>{`${coinsText(earnedBy(post))} · ${rupeesOf(earnedBy(post))}`}</span>
            </div>
          </li>
        ))}
      </ul>
      <p className="order-card__total">{`Total earned: ${coinsText(total)} · ${rupeesOf(total)}`}</p>
    </>
  )
}

function CoinsPerPost() {
  const posts = useMyPosts()
  if (posts.isPending) {
    return <LoadingLine>Loading posts…</LoadingLine>
  }
  if (posts.isError) {
    return <ReadError error={posts.error} fallback="Failed to load posts" />
  }
  if (posts.data.posts.length === 0) return <p className="muted">Your posts will show what each one earned.</p>
  return <PostEarnings posts={posts.data.posts} />
}

function LedgerRow({ entry }: { entry: LedgerEntry }) {
  const titleId = useId()
  const date = formatShortDate(entry.createdAt)
  return (
    <li className="order-card" aria-labelledby={titleId}>
      <div className="order-card__head">
        <h4 id={titleId} className="order-card__item-title">
          {entry.reason}
        </h4>
        <span className="order-card__total">{`${signedCoinsText(entry.coins)} · ${rupeesOf(entry.coins)}`}</span>
      </div>
      <p className="order-card__meta muted">
        {date ? <time dateTime={entry.createdAt}>{date}</time> : null}
        {entry.orderId ? <span>{`Order ${entry.orderId}`}</span> : null}
      </p>
      {entry.kind === "reversal" && entry.shortfall > 0 ? <p className="order-card__meta">{`${coinsText(entry.shortfall)} could not be taken back`}</p> : null}
      {entry.state === "pending" ? (
        <p className="order-card__meta">
          {entry.availableAt
            ? `Pending: spendable from ${formatShortDate(entry.availableAt)}`
            : "Pending: spendable once delivered and the return window has passed"}
        </p>
      ) : null}
      {entry.state === "dropped" ? <p className="order-card__meta">Dropped: the order was cancelled or returned</p> : null}
    </li>
  )
}

/** The account's Earnings tab: the Dark Coins balance, what each post earned, and the ledger of every change. */
export function EarningsTab() {
  const ledger = useWalletLedger()
  const ledgerId = useId()
  const postsId = useId()
  const balance = ledger.data?.pages[0]?.balance
  const pending = ledger.data?.pages[0]?.pendingCoins ?? 0
  const entries = ledger.data?.pages.flatMap((page) => page.entries) ?? []

  return (
    <>
      <div className="dark-coins">
        {balance === undefined ? null : (
          <p className="dark-coins__balance">
            <strong>{`${String(balance)} Dark Coins`}</strong>
            <span className="muted">{` · worth ${rupeesOf(balance)}`}</span>
          </p>
        )}
        {pending > 0 ? <p className="muted">{`${coinsText(pending)} pending: spendable once each order's return window has passed`}</p> : null}
      </div>
      <section aria-labelledby={postsId}>
        <h3 id={postsId} className="section-title">
          Coins per post
        </h3>
        <CoinsPerPost />
      </section>
      <section aria-labelledby={ledgerId}>
        <h3 id={ledgerId} className="section-title">
          Ledger
        </h3>
        {ledger.isPending ? (
          <LoadingLine>Loading…</LoadingLine>
        ) : !ledger.data ? (
          <ReadError error={ledger.error} fallback="Something went wrong" />
        ) : entries.length === 0 ? (
          <p className="muted">No Dark Coins yet.</p>
        ) : (
          <ul className="order-list" aria-label="Dark Coins ledger">
            {entries.map((entry) => (
              <LedgerRow key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
        {ledger.isFetchNextPageError ? <ReadError error={ledger.error} fallback="Something went wrong" /> : null}
        {ledger.hasNextPage ? (
          <button
            type="button"
            className="button"
            disabled={ledger.isFetchingNextPage}
            onClick={() => {
              void ledger.fetchNextPage()
            }}
          >
            Load more
          </button>
        ) : null}
      </section>
    </>
  )
}
