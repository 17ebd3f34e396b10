import { sexLabel } from '@cull-log/domain';
import type { CullView, SortColumn } from '@cull-log/contracts';
import { Link } from 'react-router-dom';
import { dashIfEmpty, formatDate, yesNo } from '../../lib/format';
import { Button } from '../../ui/Button';
import { SyncBadge } from './SyncBadge';
import { Cell, Column, Row, Table, TableBody, TableHeader, type SortDescriptor } from '../../ui/Table';
import { WarningMark } from './WarningMark';
import { culledByName } from '../teams';

const COLUMNS: { id: SortColumn; label: string }[] = [
  { id: 'date', label: 'Date' },
  { id: 'time', label: 'Time' },
  { id: 'location_name', label: 'Location' },
  { id: 'species', label: 'Species' },
  { id: 'sex', label: 'Sex' },
  { id: 'age_estimate', label: 'Age' },
  { id: 'weight', label: 'Weight (kg)' },
  { id: 'condition', label: 'Condition' },
  { id: 'antlers_present', label: 'Antlers' },
  { id: 'shot_placement', label: 'Shot Placement' },
  { id: 'shot_distance', label: 'Distance' },
];

function describe(cull: CullView): string {
  return `${cull.species} on ${formatDate(cull.date)} at ${cull.location_name}`;
}

interface CullTableProps {
  items: readonly CullView[];
  emptyText: string;
  /** A new page is on its way: the rows on show are the previous page's. */
  isBusy: boolean;
  sort: SortColumn;
  order: 'asc' | 'desc';
  onSortChange(sort: SortColumn, order: 'asc' | 'desc'): void;
  onDelete(cull: CullView): void;
  /** A team's records: a column says who culled each. */
  showCulledBy: boolean;
  /** Whether the user may edit or delete this record (a team member's other than their own they only read). */
  mayChange(cull: CullView): boolean;
}

/** The records as a table, one row each, for screens wider than a phone's; sorting by a column's header. */
export default function CullTable({
  items,
  emptyText,
  isBusy,
  sort,
  order,
  onSortChange,
  onDelete,
  showCulledBy,
  mayChange,
}: CullTableProps) {
  // Recording order has no column of its own, so no header shows an arrow for it.
  const sortDescriptor: SortDescriptor | undefined =
    sort === 'created_at'
      ? undefined
      : { column: sort, direction: order === 'asc' ? 'ascending' : 'descending' };
  return (
    <div className="table-scroll" aria-busy={isBusy}>
      <Table
        aria-label="Cull records"
        {...(sortDescriptor ? { sortDescriptor } : {})}
        onSortChange={(descriptor) =>
          onSortChange(descriptor.column as SortColumn, descriptor.direction === 'ascending' ? 'asc' : 'desc')
        }
      >
        <TableHeader>
          {COLUMNS.map((column, index) => (
            <Column
              key={column.id}
              id={column.id}
              allowsSorting
              {...(index === 0 ? { isRowHeader: true, className: 'table__sticky' } : {})}
            >
              {column.label}
            </Column>
          ))}
          <Column id="carcass_tag">Tag</Column>
          {/* One column whichever the scope: a table's column keeps its id when the scope changes. */}
          <Column id="shooter">{showCulledBy ? 'Culled by' : 'Shooter'}</Column>
          <Column id="actions">Actions</Column>
        </TableHeader>
        {/* The rows are drawn again when the columns or what the user may do change, not only the records. */}
        <TableBody items={items} dependencies={[showCulledBy, mayChange]} renderEmptyState={() => emptyText}>
          {(cull) => (
            <Row id={cull.id}>
              <Cell className="table__sticky">{formatDate(cull.date)}</Cell>
              <Cell>{cull.time}</Cell>
              <Cell>
                {cull.location_name}
                {cull.ground_name === undefined || cull.ground_name === cull.location_name ? null : (
                  <span className="ground-tag"> ({cull.ground_name})</span>
                )}
              </Cell>
              <Cell>
                {cull.species}
                <WarningMark warnings={cull.warnings} />
                <SyncBadge recordId={cull.id} />
              </Cell>
              <Cell>{sexLabel(cull)}</Cell>
              <Cell>{cull.age_estimate}</Cell>
              <Cell>{dashIfEmpty(cull.weight)}</Cell>
              <Cell>{cull.condition}</Cell>
              <Cell>{yesNo(cull.antlers_present)}</Cell>
              <Cell>{cull.shot_placement}</Cell>
              <Cell>{dashIfEmpty(cull.shot_distance)}</Cell>
              <Cell>{dashIfEmpty(cull.carcass_tag)}</Cell>
              {/* A team's list says who culled each; a user's own, who shot it when another did (a guest, a client). */}
              <Cell>{showCulledBy ? culledByName(cull.culled_by) : (cull.shooter ?? 'You')}</Cell>
              <Cell>
                <div className="row-actions">
                  <Link
                    className="row-actions__link"
                    to={`/view-cull/${encodeURIComponent(cull.id)}`}
                    aria-label={`View ${describe(cull)}`}
                  >
                    View
                  </Link>
                  {mayChange(cull) ? (
                    <>
                      <Link
                        className="row-actions__link"
                        to={`/edit-cull/${encodeURIComponent(cull.id)}`}
                        aria-label={`Edit ${describe(cull)}`}
                      >
                        Edit
                      </Link>
                      <Button
                        variant="ghost"
                        className="row-actions__delete"
                        aria-label={`Delete ${describe(cull)}`}
                        onPress={() => onDelete(cull)}
                      >
                        Delete
                      </Button>
                    </>
                  ) : null}
                </div>
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
