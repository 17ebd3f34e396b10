export type FeatureIconName = 'map' | 'records' | 'chart' | 'phone' | 'lock' | 'export';

/** Simple line drawings, so the cards look the same on every device (emoji fonts vary or are missing). */
const SHAPES: Record<FeatureIconName, string[]> = {
  map: ['M12 21s-6-5.5-6-10a6 6 0 0 1 12 0c0 4.5-6 10-6 10z', 'M12 13a2 2 0 1 0 0-4 2 2 0 0 0 0 4z'],
  records: ['M8 4h8v3H8z', 'M6 5H5v16h14V5h-1', 'M8 11h8', 'M8 15h8', 'M8 19h5'],
  chart: ['M4 20h16', 'M7 20v-6', 'M12 20V8', 'M17 20v-9'],
  phone: ['M8 3h8a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1z', 'M11 18h2'],
  lock: ['M6 11h12v10H6z', 'M8 11V8a4 4 0 0 1 8 0v3', 'M12 15v2'],
  export: ['M12 3v12', 'M7 10l5 5 5-5', 'M5 21h14'],
};

export function FeatureIcon({ name }: { name: FeatureIconName }) {
  return (
    <svg
      className="feature-icon"
      viewBox="0 0 24 24"
      width="32"
      height="32"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {SHAPES[name].map((path) => (
        <path key={path} d={path} />
      ))}
    </svg>
  );
}
