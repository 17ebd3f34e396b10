/** One labelled value of a record's details list (`<dl className="details">`). */
export function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="details__item">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
