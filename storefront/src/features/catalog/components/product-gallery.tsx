import { useState } from 'react';
import type { GalleryImage } from '../utils/product-media';

type ProductGalleryProps = {
  images: GalleryImage[];
};

export function ProductGallery({ images }: ProductGalleryProps) {
  const [selectedIndex, setSelectedIndex] = useState(0);
  const selected = images[selectedIndex] ?? images[0];

  if (!selected) {
    return (
      <div className="gallery">
        <div className="gallery__main gallery__main--empty">No image</div>
      </div>
    );
  }

  return (
    <div className="gallery">
      <div className="gallery__main">
        <img src={selected.url} alt={selected.alt} />
      </div>
      {images.length > 1 ? (
        <ul className="gallery__thumbs" aria-label="Product images">
          {images.map((image, index) => (
            <li key={`${image.url}-${String(index)}`}>
              <button
                type="button"
                className="gallery__thumb"
                aria-label={`Show image ${String(index + 1)} of ${String(images.length)}`}
                aria-pressed={index === selectedIndex}
                onClick={() => {
                  setSelectedIndex(index);
                }}
              >
                <img src={image.url} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
