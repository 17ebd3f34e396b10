import type { CullWarning } from '@cull-log/contracts';

const NAMES: Record<CullWarning['code'], string> = {
  close_season: 'close season',
  night: 'night',
  calibre: 'calibre',
  duplicate_tag: 'carcass tag used twice',
};

/** A compact sign in a list that a record carries warnings, named for screen readers. */
export function WarningMark({ warnings }: { warnings: readonly CullWarning[] }) {
  if (warnings.length === 0) return null;
  const named = warnings.map((warning) => NAMES[warning.code]).join(', ');
  return (
    <span className="warning-mark" title={`Warning: ${named}`}>
      <span aria-hidden="true"> ⚠</span>
      <span className="visually-hidden"> (warning: {named})</span>
    </span>
  );
}
