import { ScreenHeader } from '../../ui/ScreenHeader';
import { OTHER, SPECIES, type Plan, type PlanClass, type PlanTarget } from '@cull-log/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/client';
import { refreshAfter } from '../../api/keys';
import { putPlans, plansQuery } from './api';
import { groundsQuery } from '../grounds/api';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { Checkbox } from '../../ui/Checkbox';
import { useFeedback } from '../../ui/feedback-context';
import { SeasonSelect, useSeasons, seasonLabel } from '../seasons';
import { Select } from '../../ui/Select';
import { StatusMessage } from '../../ui/StatusMessage';
import { useOnline } from '../../api/useOnline';

/** The species a plan offers: the deer (a plan may still hold another species set elsewhere). */
const PLAN_SPECIES = SPECIES.filter((species) => !['Fox', 'Rabbit', OTHER].includes(species));
const ALL_GROUNDS = 'all';

/** Targets as typed, by "species|class"; an empty box is no target. */
type Typed = Record<string, string>;

const keyOf = (species: string, plannedClass: PlanClass) => `${species}|${plannedClass}`;

function typedOf(plan: Plan | undefined): Typed {
  return Object.fromEntries((plan?.targets ?? []).map((t) => [keyOf(t.species, t.class), String(t.target)]));
}

/** The typed targets as a plan's; answers the first box that is not a whole number, if any. */
function targetsOf(typed: Typed, juveniles: boolean): { targets: PlanTarget[] } | { invalid: string } {
  const targets: PlanTarget[] = [];
  for (const [key, value] of Object.entries(typed)) {
    const [species, plannedClass] = key.split('|') as [PlanTarget['species'], PlanClass];
    if (value.trim() === '' || (!juveniles && plannedClass === 'Juvenile')) continue;
    const target = Number(value);
    if (!Number.isInteger(target) || target < 0)
      return { invalid: `${species} ${plannedClass.toLowerCase()}` };
    targets.push({ species, class: plannedClass, target });
  }
  return { targets };
}

function PlanEditor({ season, plans }: { season: string; plans: Plan[] }) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const { announce } = useFeedback();
  const grounds = useQuery(groundsQuery());
  const [scope, setScope] = useState(ALL_GROUNDS);
  const planOf = (id: string) => plans.find((plan) => (plan.ground_id ?? ALL_GROUNDS) === id);
  const [typed, setTyped] = useState<Typed>(() => typedOf(planOf(ALL_GROUNDS)));
  const [juveniles, setJuveniles] = useState(() =>
    (planOf(ALL_GROUNDS)?.targets ?? []).some((t) => t.class === 'Juvenile'),
  );
  const [invalid, setInvalid] = useState<string | undefined>();

  useEffect(() => {
    const plan = planOf(scope);
    setTyped(typedOf(plan));
    setJuveniles((plan?.targets ?? []).some((t) => t.class === 'Juvenile'));
    setInvalid(undefined);
    // A new scope, or the plans read again after a save.
  }, [scope, plans]);

  const save = useMutation({
    mutationFn: (next: Plan[]) => putPlans(season, { plans: next }),
    onSuccess: async () => {
      await refreshAfter(queryClient, 'plans');
      announce(`Cull plan for ${seasonLabel(season)} saved`);
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = targetsOf(typed, juveniles);
    if ('invalid' in checked) {
      setInvalid(`The target for ${checked.invalid} must be a whole number of 0 or more`);
      return;
    }
    setInvalid(undefined);
    const groundId = scope === ALL_GROUNDS ? null : scope;
    const others = plans.filter((plan) => plan.ground_id !== groundId);
    save.mutate(
      checked.targets.length === 0 ? others : [...others, { ground_id: groundId, targets: checked.targets }],
    );
  }

  const classes: PlanClass[] = juveniles ? ['Male', 'Female', 'Juvenile'] : ['Male', 'Female'];
  const extra = Object.keys(typed)
    .map((key) => key.split('|')[0] as string)
    .filter((species) => !(PLAN_SPECIES as string[]).includes(species));
  const species = [...PLAN_SPECIES, ...new Set(extra)];
  const scopes = [
    { id: ALL_GROUNDS, label: 'All grounds' },
    ...(grounds.data ?? [])
      .filter((g) => !g.archived || planOf(g.id))
      .map((g) => ({ id: g.id, label: g.name })),
  ];

  return (
    <form className="form plan-editor" onSubmit={submit} aria-label="Cull plan" noValidate>
      {save.error || invalid ? (
        <p className="form-error" role="alert">
          {invalid ?? errorMessage(save.error)}
        </p>
      ) : null}
      <Select
        label="Plan for"
        name="plan_ground"
        options={scopes}
        value={scope}
        onChange={(id) => id && setScope(id)}
      />
      <Checkbox name="juveniles" isSelected={juveniles} onChange={setJuveniles}>
        Separate targets for juveniles
      </Checkbox>
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Targets by species and sex">
        <table className="simple-table plan-table">
          <caption className="visually-hidden">Targets by species and sex</caption>
          <thead>
            <tr>
              <th scope="col">Species</th>
              {classes.map((plannedClass) => (
                <th scope="col" key={plannedClass}>
                  {plannedClass}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {species.map((name) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                {classes.map((plannedClass) => {
                  const key = keyOf(name, plannedClass);
                  return (
                    <td key={plannedClass}>
                      <input
                        className="field__input plan-table__input"
                        type="number"
                        inputMode="numeric"
                        min={0}
                        step={1}
                        name={`target_${name}_${plannedClass}`.replaceAll(' ', '_')}
                        aria-label={`${name} ${plannedClass.toLowerCase()} target`}
                        value={typed[key] ?? ''}
                        onChange={(event) =>
                          setTyped((current) => ({ ...current, [key]: event.target.value }))
                        }
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {online ? null : <p className="form__hint">The plan is saved when there is a signal.</p>}
      <div className="form__actions">
        <Button type="submit" isDisabled={!online || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save plan'}
        </Button>
      </div>
    </form>
  );
}

export default function PlansPage() {
  const { season, options, setSeason } = useSeasons();
  const plans = useQuery(plansQuery(season));
  return (
    <div className="page page--wide plans-page">
      <ScreenHeader
        actions={
          <>
            <ButtonLink to="/dashboard" variant="secondary">
              Progress on the dashboard
            </ButtonLink>
          </>
        }
      />
      <SeasonSelect season={season} options={options} onChange={setSeason} />
      <p className="muted">
        Targets for the {seasonLabel(season)} season, for all your grounds together or for one ground. Leave a
        box empty for no target.
      </p>
      {plans.isPending ? (
        <StatusMessage>Loading the plan...</StatusMessage>
      ) : plans.isError ? (
        <StatusMessage kind="error">The plan could not be loaded: {errorMessage(plans.error)}</StatusMessage>
      ) : (
        <PlanEditor key={season} season={season} plans={plans.data.plans} />
      )}
    </div>
  );
}
