import { useLingui } from '@lingui/react';
import { useEffect, useState } from 'react';
import { relativeTime } from '../../ui/relative-time.ts';

/** "3 minutes ago" in the active language, with the exact time on hover and for screen readers' time element. */
export function RelativeTime({ iso }: { iso: string }) {
  const { i18n } = useLingui();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time dateTime={iso} title={new Date(iso).toLocaleString(i18n.locale)}>
      {relativeTime(iso, now, i18n.locale)}
    </time>
  );
}

export function Avatar({ src, size = 40 }: { src?: string | undefined; size?: number }) {
  return src ? (
    <img src={src} alt="" width={size} height={size} className="avatar" loading="lazy" decoding="async" />
  ) : (
    <span className="avatar avatar-blank" style={{ width: size, height: size }} aria-hidden="true" />
  );
}
