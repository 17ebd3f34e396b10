import type { GroundDensityResponse } from '@cull-log/contracts';
import { formatDate } from '../../lib/format';
import { figure, methodLabel } from './count-words';

/** The ground's area and each species' deer per km², by the latest count of it. */
export function DensitySummary({
  groundName,
  density,
}: {
  groundName: string;
  density: GroundDensityResponse;
}) {
  return (
    <div className="density">
      <p className="density__area">
        Area <strong>{figure(density.area_km2, 2)} km²</strong> (of the boundary drawn)
      </p>
      {density.species.length === 0 ? (
        <p className="muted">Record a count to read the density of each species.</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={`Density on ${groundName}`}>
          <table className="simple-table density__table">
            <caption className="visually-hidden">Deer per km² on {groundName}</caption>
            <thead>
              <tr>
                <th scope="col">Species</th>
                <th scope="col">Deer</th>
                <th scope="col">Per km²</th>
                <th scope="col">From</th>
              </tr>
            </thead>
            <tbody>
              {density.species.map((row) => (
                <tr key={row.species}>
                  <th scope="row">{row.species}</th>
                  <td>{row.count}</td>
                  <td>{figure(row.density_per_km2)}</td>
                  <td className="density__from">
                    <span>{methodLabel(row.method)},</span> <span>{formatDate(row.date)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
