import { GAME_DEALER, MESSAGES } from '@cull-log/contracts';
import { declarationRefusal } from '@cull-log/domain';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiRequestError, errorMessage } from '../../api/client';
import { downloadDeclaration } from '../larder/api';
import { cullQuery } from './api';
import { useDeleteCull } from '../../api/writes';
import { DeleteCullDialog } from './DeleteCullDialog';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { CullDetails } from './CullDetails';
import { NearPinMap } from './NearPinMap';
import { PhotoGallery } from './PhotoGallery';
import { SyncBadge } from './SyncBadge';
import { WarningList } from './WarningList';
import { StatusMessage } from '../../ui/StatusMessage';
import { changeMessage, useFeedback } from '../../ui/feedback-context';
import { useDeferredQuery } from '../../ui/useDeferredQuery';
import { useSession } from '../../api/useSession';
import { useQuery } from '@tanstack/react-query';
import { culledByName, mayChangeRecord, useTeamScope } from '../teams';

function loadErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 401) return MESSAGES.authenticationRequired;
    if (error.status === 403) return MESSAGES.unauthorizedAccess;
    if (error.status === 404) return MESSAGES.cullRecordNotFound;
  }
  return `Error loading cull: ${error instanceof Error ? error.message : String(error)}`;
}

function ErrorState({ message }: { message: string }) {
  return (
    <div className="page page--narrow">
      <StatusMessage kind="error">{message}</StatusMessage>
      <p>
        <Link to="/data">Back to Data</Link>
      </p>
    </div>
  );
}

export default function ViewCullPage() {
  const { id = '' } = useParams();
  const session = useSession();
  const scope = useTeamScope();
  const own = useDeferredQuery(cullQuery(id));
  // A record not in the user's own diary may be a team member's, read through the team chosen.
  const notOwn = own.error instanceof ApiRequestError && own.error.status === 404;
  const throughTeam = useQuery({
    ...cullQuery(id, scope.teamId),
    enabled: notOwn && scope.teamId !== undefined,
  });
  const cull = notOwn && scope.teamId !== undefined ? throughTeam : own;
  const navigate = useNavigate();
  const { announce } = useFeedback();
  const deleteCull = useDeleteCull((_id, outcome) => {
    if (cull.data) announce(changeMessage(cull.data, 'deleted', outcome), { focusHeadingAt: '/data' });
    navigate('/data');
  });
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [isDeclaring, setIsDeclaring] = useState(false);
  const [declareError, setDeclareError] = useState<string | null>(null);

  if (session.status !== 'signed-in') return <ErrorState message={MESSAGES.authenticationRequired} />;
  if (cull.isPending) return <StatusMessage>Loading...</StatusMessage>;
  if (cull.data === undefined) return <ErrorState message={loadErrorMessage(cull.error)} />;
  const record = cull.data;
  const isTeams = cull === throughTeam;
  // Without a team the server only answers with the user's own records; this guards the screen all the same.
  if (!isTeams && record.created_by !== session.user.uid)
    return <ErrorState message={MESSAGES.unauthorizedAccess} />;
  // Only its shooter changes a record: a team member's other records are read here, not changed.
  const mayChange = !isTeams || mayChangeRecord({ ...scope, uid: session.user.uid }, record);
  const refusal = declarationRefusal(record);

  async function declare() {
    setIsDeclaring(true);
    setDeclareError(null);
    try {
      const number = await downloadDeclaration(record.id);
      announce(`Declaration ${number} downloaded`);
    } catch (error) {
      setDeclareError(errorMessage(error));
    } finally {
      setIsDeclaring(false);
    }
  }

  return (
    <div className="page page--narrow">
      <article className="card record-card" aria-labelledby="record-heading">
        <header className="record-card__header">
          <h1 id="record-heading">
            {record.species} <span className="record-card__subtitle">at {record.location_name}</span>
          </h1>
        </header>
        {isTeams ? <p className="record-card__by">Culled by {culledByName(record.culled_by)}</p> : null}
        <SyncBadge recordId={record.id} />
        <WarningList warnings={record.warnings} record={record} heading="Warnings" />
        <CullDetails cull={record} />
        <PhotoGallery
          recordId={record.id}
          photos={record.photos}
          subject={`${record.species} at ${record.location_name}`}
        />
        {record.latitude !== undefined && record.longitude !== undefined ? (
          <NearPinMap
            latitude={record.latitude}
            longitude={record.longitude}
            label={`Map: where the ${record.species} was, at ${record.location_name}`}
          />
        ) : null}
        <div className="record-card__actions">
          {mayChange ? (
            <ButtonLink to={`/edit-cull/${encodeURIComponent(record.id)}`}>Edit</ButtonLink>
          ) : null}
          <ButtonLink to="/data" variant="secondary">
            Back to Data
          </ButtonLink>
          {mayChange && refusal === undefined ? (
            <Button variant="secondary" onPress={declare} isDisabled={isDeclaring}>
              Declaration (PDF)
            </Button>
          ) : null}
          {mayChange ? (
            <Button variant="danger" onPress={() => setConfirmingDelete(true)}>
              Delete
            </Button>
          ) : null}
        </div>
        {refusal !== undefined && record.carcass_destination === GAME_DEALER ? (
          <p className="record-card__note">No declaration: {refusal}</p>
        ) : null}
        {declareError === null ? null : <StatusMessage kind="error">{declareError}</StatusMessage>}
        {deleteCull.isError ? (
          <StatusMessage kind="error">Error deleting record: {errorMessage(deleteCull.error)}</StatusMessage>
        ) : null}
      </article>
      <DeleteCullDialog
        record={confirmingDelete ? record : null}
        isPending={deleteCull.isPending}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() => deleteCull.mutate(record.id, { onSettled: () => setConfirmingDelete(false) })}
      />
    </div>
  );
}
