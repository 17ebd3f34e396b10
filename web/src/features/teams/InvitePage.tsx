import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { refreshAfter } from '../../api/keys';
import { formatUkDate } from '../../lib/format';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { StatusMessage } from '../../ui/StatusMessage';
import { acceptInvite, inviteOfferQuery, KIND_LABELS, ROLE_LABELS, ROLE_MEANINGS } from './api';

/** An invitation link opened: which team and role it offers, and joining on confirmation. */
export default function InvitePage() {
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const offer = useQuery(inviteOfferQuery(token));
  const join = useMutation({
    mutationFn: () => acceptInvite(token),
    onSuccess: async (team) => {
      await refreshAfter(queryClient, 'team');
      navigate(`/teams/${team.id}`);
    },
  });
  return (
    <div className="page page--narrow">
      <ScreenHeader />
      {offer.isPending ? <StatusMessage>Loading...</StatusMessage> : null}
      {offer.isError ? (
        <>
          <StatusMessage kind="error">{errorMessage(offer.error)}</StatusMessage>
          <ButtonLink to="/teams" variant="secondary">
            Your teams
          </ButtonLink>
        </>
      ) : null}
      {offer.data ? (
        <div className="card team-offer">
          <h2>{offer.data.team.name}</h2>
          <p>
            {KIND_LABELS[offer.data.team.kind]}. You are invited as{' '}
            {ROLE_LABELS[offer.data.role].toLowerCase()}: a {ROLE_LABELS[offer.data.role].toLowerCase()}{' '}
            {ROLE_MEANINGS[offer.data.role]}.
          </p>
          <p className="field__description">
            The team sees your name and the culls you record on its grounds. The invitation runs until{' '}
            {formatUkDate(new Date(offer.data.expires_at))}.
          </p>
          {join.isError ? <StatusMessage kind="error">{errorMessage(join.error)}</StatusMessage> : null}
          <Button isDisabled={join.isPending} onPress={() => join.mutate()}>
            {join.isPending ? 'Joining...' : `Join ${offer.data.team.name}`}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
