import { ABNORMALITIES, type Cull } from '@cull-log/contracts';
import { boreOf, formatNumber } from '@cull-log/domain';
import { dashIfEmpty, yesNo } from '../../lib/format';
import { Detail } from './Detail';

const withUnit = (value: number | undefined, unit: string) =>
  value === undefined ? '-' : `${formatNumber(value)} ${unit}`;

function formatCalibre(cull: Cull): string {
  if (cull.calibre === undefined) return '-';
  const bore = boreOf(cull.calibre);
  return bore === undefined ? cull.calibre.name : `${cull.calibre.name} (${bore.toFixed(3)} in)`;
}

function formatWeather(cull: Cull): string {
  const weather = cull.weather;
  if (weather === undefined) return '-';
  const parts = [
    weather.temperature_c === undefined ? undefined : `${weather.temperature_c} °C`,
    weather.wind_speed_mph === undefined && weather.wind_direction === undefined
      ? undefined
      : `wind ${[
          weather.wind_direction,
          weather.wind_speed_mph === undefined ? undefined : `${weather.wind_speed_mph} mph`,
        ]
          .filter(Boolean)
          .join(' ')}`,
    weather.cloud,
    weather.precipitation === undefined ? undefined : `precipitation: ${weather.precipitation.toLowerCase()}`,
  ];
  return parts.filter(Boolean).join(', ');
}

function formatAbnormalities(cull: Cull): string {
  const inspection = cull.inspection;
  if (inspection === undefined || inspection.abnormalities.length === 0) return 'None found';
  return inspection.abnormalities
    .map((code) =>
      code === 'other' && inspection.other_abnormality
        ? `Other: ${inspection.other_abnormality}`
        : ABNORMALITIES[code],
    )
    .join('; ');
}

/** The rifle, the carcass, its inspection and the weather of a record, read-only, as text. */
export function CarcassDetails({ cull }: { cull: Cull }) {
  return (
    <>
      <Detail label="Calibre" value={formatCalibre(cull)} />
      <Detail
        label="Bullet"
        value={
          [withUnit(cull.bullet_weight_gr, 'gr'), cull.bullet_type]
            .filter((part) => part && part !== '-')
            .join(', ') || '-'
        }
      />
      <Detail label="Muzzle velocity" value={withUnit(cull.muzzle_velocity_fps, 'ft/s')} />
      <Detail label="Muzzle energy" value={withUnit(cull.muzzle_energy_j, 'J')} />
      <Detail label="Shooter" value={dashIfEmpty(cull.shooter)} />
      <Detail label="Carcass tag" value={dashIfEmpty(cull.carcass_tag)} />
      <Detail label="Carcass destination" value={dashIfEmpty(cull.carcass_destination)} />
      {cull.game_dealer === undefined ? null : <Detail label="Game dealer" value={cull.game_dealer} />}
      {cull.inspection === undefined ? (
        <Detail label="Inspection" value="-" />
      ) : (
        <>
          <Detail
            label="Examined by"
            value={
              cull.inspection.certificate_number === undefined
                ? cull.inspection.examined_by
                : `${cull.inspection.examined_by} (certificate ${cull.inspection.certificate_number})`
            }
          />
          <Detail label="Abnormal behaviour" value={yesNo(cull.inspection.abnormal_behaviour)} />
          <Detail label="Abnormalities" value={formatAbnormalities(cull)} />
          <Detail label="Contamination suspected" value={yesNo(cull.inspection.contamination_suspected)} />
        </>
      )}
      <Detail label="Weather" value={formatWeather(cull)} />
    </>
  );
}
