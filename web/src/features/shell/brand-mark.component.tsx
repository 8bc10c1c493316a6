import './brand-mark.css';

/** The aurora arc over a horizon; decorative, the brand name beside it carries the meaning. */
export function BrandMark() {
  return (
    <svg className="brand-mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect className="brand-mark__sky" width="32" height="32" rx="8" />
      <path className="brand-mark__aurora" d="M6 20c4-9 9-12 20-13-7 4-10 8-12 13" />
      <path className="brand-mark__horizon" d="M6 24h20" />
    </svg>
  );
}
