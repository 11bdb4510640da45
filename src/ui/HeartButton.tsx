import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import './wishlist-heart.css';

/** The wishlist heart's button, filled when the product is saved; `children` show under it. */
export function HeartButton({
  saved,
  className,
  onClick,
  children,
}: {
  saved: boolean;
  className?: string;
  onClick?: () => void;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <span className={`wishlist-heart ${className ?? ''}`}>
      <button
        type="button"
        className="wishlist-heart-button"
        aria-pressed={saved}
        aria-label={saved ? t`Remove from wishlist` : t`Save to wishlist`}
        onClick={onClick}
      >
        <HeartIcon filled={saved} />
      </button>
      {children}
    </span>
  );
}

export function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="heart-icon">
      <path
        d="M12 21s-7.5-4.6-9.5-9.2C1.1 8.6 3.2 5 6.7 5c2.1 0 3.5 1.1 4.3 2.4h2C13.8 6.1 15.2 5 17.3 5c3.5 0 5.6 3.6 4.2 6.8C19.5 16.4 12 21 12 21z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}
