import { ScreenHeader } from '../../ui/ScreenHeader';
import {
  OTHER,
  SPECIES,
  type Plan,
  type PlanAllocation,
  type PlanClass,
  type PlanTarget,
  type TeamMember,
} from '@cull-log/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/client';
import { refreshAfter } from '../../api/keys';
import { putPlans, plansQuery } from './api';
import { SuggestedCullSection } from './SuggestedCullSection';
import { membersQuery, scopeGroundsQuery } from '../teams/api';
import { TeamScopeNote, useTeamScope } from '../teams';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { Checkbox } from '../../ui/Checkbox';
import { useFeedback } from '../../ui/feedback-context';
import { SeasonSelect, useSeasons, seasonLabel, previousSeasonKey } from '../seasons';
import { Select } from '../../ui/Select';
import { StatusMessage } from '../../ui/StatusMessage';
import { TextField } from '../../ui/TextField';
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

const allocationKey = (row: Pick<PlanAllocation, 'uid' | 'ground_id' | 'species' | 'class'>) =>
  `${row.uid}|${row.ground_id}|${row.species}|${row.class}`;

interface AllocationsProps {
  groundId: string;
  groundName: string;
  /** The ground's targets as typed: the species and classes a share may be of. */
  targets: readonly PlanTarget[];
  members: readonly TeamMember[];
  allocations: readonly PlanAllocation[];
  readOnly: boolean;
  onChange(allocations: PlanAllocation[]): void;
}

/**
 * Each member's share of a team ground's targets: a manager adds and removes them (saved with the plan); the others
 * read them.
 */
function Allocations({
  groundId,
  groundName,
  targets,
  members,
  allocations,
  readOnly,
  onChange,
}: AllocationsProps) {
  const shooters = members.filter((member) => member.role !== 'viewer');
  const [uid, setUid] = useState('');
  const [what, setWhat] = useState('');
  const [share, setShare] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const here = allocations.filter((row) => row.ground_id === groundId);
  const nameOf = (memberUid: string) =>
    members.find((member) => member.uid === memberUid)?.name ?? 'Former member';
  const choices = targets.map((target) => ({
    id: keyOf(target.species, target.class),
    label: `${target.species} ${target.class.toLowerCase()}`,
  }));

  function add() {
    const target = Number(share);
    if (uid === '' || what === '') return setProblem('Choose a member and a species and sex');
    if (share.trim() === '' || !Number.isInteger(target) || target < 0)
      return setProblem('The share must be a whole number of 0 or more');
    const [species, plannedClass] = what.split('|') as [PlanTarget['species'], PlanClass];
    const row: PlanAllocation = { uid, ground_id: groundId, species, class: plannedClass, target };
    setProblem(undefined);
    setShare('');
    onChange([...allocations.filter((each) => allocationKey(each) !== allocationKey(row)), row]);
  }

  return (
    <section className="plan-allocations" aria-labelledby="allocations-heading">
      <h2 id="allocations-heading">Members’ shares on {groundName}</h2>
      {here.length === 0 ? (
        <p className="muted">No shares on this ground yet.</p>
      ) : (
        <ul className="plan-allocations__list" aria-label={`Shares on ${groundName}`}>
          {here.map((row) => (
            <li key={allocationKey(row)} className="plan-allocations__item">
              <span>
                {nameOf(row.uid)}: {row.target} {row.species} {row.class.toLowerCase()}
              </span>
              {readOnly ? null : (
                <Button
                  variant="ghost"
                  aria-label={`Remove ${nameOf(row.uid)}’s share of ${row.species} ${row.class.toLowerCase()}`}
                  onPress={() =>
                    onChange(allocations.filter((each) => allocationKey(each) !== allocationKey(row)))
                  }
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {readOnly ? null : choices.length === 0 ? (
        <p className="muted">Set the ground’s targets to share them out.</p>
      ) : (
        <div className="plan-allocations__add" role="group" aria-label="Add a share">
          <Select
            label="Member"
            name="allocation_member"
            options={shooters.map((member) => ({ id: member.uid, label: member.name }))}
            value={uid}
            onChange={setUid}
          />
          <Select
            label="Species and sex"
            name="allocation_target"
            options={choices}
            value={what}
            onChange={setWhat}
          />
          <TextField
            label="Share"
            type="number"
            inputMode="numeric"
            min={0}
            value={share}
            onChange={setShare}
          />
          <Button variant="secondary" onPress={add}>
            Add share
          </Button>
          {problem === undefined ? null : (
            <p className="form-error" role="alert">
              {problem}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

interface PlanEditorProps {
  season: string;
  plans: Plan[];
  /** A team's plan: its grounds, its members' shares, and a manager to change it. */
  teamId: string | undefined;
  allocations: readonly PlanAllocation[];
  members: readonly TeamMember[];
  readOnly: boolean;
  /** The scope shown first: all grounds, unless a ground's plan was just written (a suggestion accepted). */
  initialScope?: string | undefined;
}

/** The plan of one scope (a ground's id, or ALL_GROUNDS) in a season's plans. */
const planIn = (plans: readonly Plan[], id: string) =>
  plans.find((plan) => (plan.ground_id ?? ALL_GROUNDS) === id);

const hasJuveniles = (plan: Plan | undefined) =>
  (plan?.targets ?? []).some((target) => target.class === 'Juvenile');

/** The season's plans with one scope's targets put in (none: its plan goes). */
function withScope(plans: readonly Plan[], id: string, targets: PlanTarget[]): Plan[] {
  const groundId = id === ALL_GROUNDS ? null : id;
  const others = plans.filter((plan) => plan.ground_id !== groundId);
  return targets.length === 0 ? others : [...others, { ground_id: groundId, targets }];
}

function PlanEditor({
  season,
  plans,
  teamId,
  allocations: saved,
  members,
  readOnly,
  initialScope = ALL_GROUNDS,
}: PlanEditorProps) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const { announce } = useFeedback();
  const grounds = useQuery(scopeGroundsQuery(teamId));
  const [allocations, setAllocations] = useState<PlanAllocation[]>(() => [...saved]);
  const [scope, setScope] = useState(initialScope);
  // Every scope's targets as they stand on screen: the saved plans, or last season's once copied in.
  const [draft, setDraft] = useState<Plan[]>(plans);
  const [typed, setTyped] = useState<Typed>(() => typedOf(planIn(plans, initialScope)));
  const [juveniles, setJuveniles] = useState(() => hasJuveniles(planIn(plans, initialScope)));
  const [invalid, setInvalid] = useState<string | undefined>();
  const [copied, setCopied] = useState<string | undefined>();

  /** Shows a scope's targets from these plans. */
  function show(from: readonly Plan[], id: string) {
    const plan = planIn(from, id);
    setTyped(typedOf(plan));
    setJuveniles(hasJuveniles(plan));
    setInvalid(undefined);
  }

  // The plans read again after a save: they are what the screen shows.
  useEffect(() => {
    setDraft(plans);
    show(plans, scope);
    // Only a new read of the plans, not a change of scope (which `chooseScope` handles).
  }, [plans]);
  useEffect(() => setAllocations([...saved]), [saved]);

  /** Keeps what was typed for the scope left (when it is whole numbers), then shows the one chosen. */
  function chooseScope(id: string) {
    const checked = targetsOf(typed, juveniles);
    const kept = 'targets' in checked ? withScope(draft, scope, checked.targets) : draft;
    setDraft(kept);
    setScope(id);
    show(kept, id);
  }

  const previous = previousSeasonKey(season);
  const copy = useMutation({
    mutationFn: () => queryClient.fetchQuery(plansQuery(previous, teamId)),
    onSuccess: (last) => {
      // A plan for a ground no longer kept, and a share of someone no longer in the team, are left behind.
      const known = grounds.data === undefined ? undefined : new Set(grounds.data.map((ground) => ground.id));
      const kept = (groundId: string | null) =>
        groundId === null || known === undefined || known.has(groundId);
      const lastPlans = last.plans.filter((plan) => plan.targets.length > 0 && kept(plan.ground_id));
      if (lastPlans.length === 0) {
        setCopied(`The ${seasonLabel(previous)} season has no plan to copy.`);
        return;
      }
      const inTeam = new Set(members.map((member) => member.uid));
      setDraft(lastPlans);
      if (teamId !== undefined)
        setAllocations(
          (last.allocations ?? []).filter((share) => inTeam.has(share.uid) && kept(share.ground_id)),
        );
      show(lastPlans, scope);
      // Said in the status line beside the button, which is announced as it changes.
      setCopied(
        `The ${seasonLabel(previous)} plan is copied into ${seasonLabel(season)}: check it and save it.`,
      );
    },
  });

  const save = useMutation({
    mutationFn: (next: Plan[]) =>
      putPlans(season, teamId === undefined ? { plans: next } : { plans: next, allocations }, teamId),
    onSuccess: async () => {
      setCopied(undefined);
      await refreshAfter(queryClient, 'plans');
      announce(`Cull plan for ${seasonLabel(season)} saved`);
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (readOnly) return;
    const checked = targetsOf(typed, juveniles);
    if ('invalid' in checked) {
      setInvalid(`The target for ${checked.invalid} must be a whole number of 0 or more`);
      return;
    }
    setInvalid(undefined);
    save.mutate(withScope(draft, scope, checked.targets));
  }

  const classes: PlanClass[] = juveniles ? ['Male', 'Female', 'Juvenile'] : ['Male', 'Female'];
  const extra = Object.keys(typed)
    .map((key) => key.split('|')[0] as string)
    .filter((species) => !(PLAN_SPECIES as string[]).includes(species));
  const species = [...PLAN_SPECIES, ...new Set(extra)];
  const scopes = [
    { id: ALL_GROUNDS, label: 'All grounds' },
    ...(grounds.data ?? [])
      .filter((g) => !g.archived || planIn(draft, g.id))
      .map((g) => ({ id: g.id, label: g.name })),
  ];

  const checkedTargets = targetsOf(typed, juveniles);
  const groundTargets = 'targets' in checkedTargets ? checkedTargets.targets : [];

  return (
    <form className="form plan-editor" onSubmit={submit} aria-label="Cull plan" noValidate>
      {readOnly ? <p className="form__hint">Only a manager of the team changes its plan.</p> : null}
      {save.error || invalid ? (
        <p className="form-error" role="alert">
          {invalid ?? errorMessage(save.error)}
        </p>
      ) : null}
      {readOnly ? null : (
        <div className="plan-copy">
          <Button variant="secondary" onPress={() => copy.mutate()} isDisabled={copy.isPending}>
            {copy.isPending ? 'Copying...' : 'Copy last season’s plan'}
          </Button>
          {copy.error ? (
            <p className="form-error" role="alert">
              The {seasonLabel(previous)} plan could not be read: {errorMessage(copy.error)}
            </p>
          ) : copied === undefined ? (
            <p className="form__hint">
              Fills every ground’s targets{teamId === undefined ? '' : ' and members’ shares'} from{' '}
              {seasonLabel(previous)}; nothing is saved until you save the plan.
            </p>
          ) : (
            <p className="form__hint" role="status">
              {copied}
            </p>
          )}
        </div>
      )}
      <Select
        label="Plan for"
        name="plan_ground"
        options={scopes}
        value={scope}
        onChange={(id) => id && chooseScope(id)}
      />
      <Checkbox name="juveniles" isSelected={juveniles} onChange={setJuveniles} isDisabled={readOnly}>
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
                        readOnly={readOnly}
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
      {teamId !== undefined && scope !== ALL_GROUNDS ? (
        <Allocations
          groundId={scope}
          groundName={scopes.find((each) => each.id === scope)?.label ?? 'the ground'}
          targets={groundTargets}
          members={members}
          allocations={allocations}
          readOnly={readOnly}
          onChange={setAllocations}
        />
      ) : null}
      {teamId !== undefined && scope === ALL_GROUNDS ? (
        <p className="form__hint">Choose one of the team’s grounds to share its targets out among members.</p>
      ) : null}
      {readOnly ? null : (
        <>
          {online ? null : <p className="form__hint">The plan is saved when there is a signal.</p>}
          <div className="form__actions">
            <Button type="submit" isDisabled={!online || save.isPending}>
              {save.isPending ? 'Saving...' : 'Save plan'}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}

const NO_ALLOCATIONS: readonly PlanAllocation[] = [];
const NO_MEMBERS: readonly TeamMember[] = [];

export default function PlansPage() {
  const { season, options, setSeason } = useSeasons();
  const scope = useTeamScope();
  const plans = useQuery(plansQuery(season, scope.teamId));
  const members = useQuery({ ...membersQuery(scope.teamId ?? ''), enabled: scope.teamId !== undefined });
  const readOnly = scope.teamId !== undefined && scope.team?.role !== 'manager';
  // The ground whose suggested cull was last accepted: the editor opens on its plan.
  const [accepted, setAccepted] = useState<{ groundId: string; times: number } | undefined>();
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
      <TeamScopeNote scope={scope} what="the team’s plan, its grounds’ targets and each member’s share." />
      <SeasonSelect season={season} options={options} onChange={setSeason} />
      <p className="muted">
        Targets for the {seasonLabel(season)} season, for all{' '}
        {scope.teamId === undefined ? 'your' : 'the team’s'} grounds together or for one ground. Leave a box
        empty for no target.
      </p>
      {plans.isPending ? (
        <StatusMessage>Loading the plan...</StatusMessage>
      ) : plans.isError ? (
        <StatusMessage kind="error">The plan could not be loaded: {errorMessage(plans.error)}</StatusMessage>
      ) : (
        <PlanEditor
          key={`${season}|${scope.teamId ?? ''}|${accepted?.times ?? 0}`}
          season={season}
          plans={plans.data.plans}
          teamId={scope.teamId}
          allocations={plans.data.allocations ?? NO_ALLOCATIONS}
          members={members.data ?? NO_MEMBERS}
          readOnly={readOnly}
          initialScope={accepted?.groundId}
        />
      )}
      {!readOnly ? (
        <SuggestedCullSection
          season={season}
          {...(scope.teamId !== undefined && { teamId: scope.teamId })}
          onAccepted={(groundId) => setAccepted({ groundId, times: (accepted?.times ?? 0) + 1 })}
        />
      ) : null}
    </div>
  );
}
