import { SEASON_STARTS, type SeasonStart } from '@cull-log/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../api/client';
import { queryKeys, refreshAfter } from '../../api/keys';
import { updateSettings, settingsQuery } from './api';
import { useOnline } from '../../api/useOnline';
import { useFeedback } from '../../ui/feedback-context';
import { Select } from '../../ui/Select';
import { StatusMessage } from '../../ui/StatusMessage';

const START_NAMES: Record<SeasonStart, string> = { '04-01': '1 April', '08-01': '1 August' };

/** The user's season start: 1 April or 1 August. The dashboard, plans, exports and map follow it. */
export function SeasonStartSetting() {
  const queryClient = useQueryClient();
  const online = useOnline();
  const { announce } = useFeedback();
  const settings = useQuery(settingsQuery());
  const save = useMutation({
    mutationFn: updateSettings,
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKeys.settings, saved);
      await refreshAfter(queryClient, 'settings');
      announce(`Seasons now start on ${START_NAMES[saved.season_start]}`);
    },
  });
  return (
    <section className="card your-data__section" aria-labelledby="season-start-heading">
      <h2 id="season-start-heading">Stalking season</h2>
      <p>The day your season starts: the dashboard, cull plans, exports and the map count seasons from it.</p>
      {settings.isPending ? (
        <StatusMessage>Loading your settings...</StatusMessage>
      ) : settings.isError ? (
        <StatusMessage kind="error">
          Your settings could not be loaded: {errorMessage(settings.error)}
        </StatusMessage>
      ) : (
        <Select
          label="Season starts on"
          name="season_start"
          options={SEASON_STARTS.map((start) => ({ id: start, label: START_NAMES[start] }))}
          value={save.isPending ? save.variables : settings.data.season_start}
          onChange={(start) => {
            if (start !== '' && start !== settings.data.season_start) save.mutate(start as SeasonStart);
          }}
          isDisabled={!online || save.isPending}
        />
      )}
      {online ? null : <p className="form__hint">The setting is changed when there is a signal.</p>}
      {save.error ? (
        <p className="form-error" role="alert">
          The season start was not changed: {errorMessage(save.error)}
        </p>
      ) : null}
    </section>
  );
}
