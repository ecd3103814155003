import {
  DTC_OFF_OPTION,
  OPTION_CATEGORIES,
  type OptionCategory,
  SOLUTION_OPTIONS,
  STAGES,
  STAGES_WITH_FREE_SOLUTIONS,
  type Stage,
  TICKET_MESSAGES,
} from '@ecu/shared';
import { type FormEvent, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { type Id, toast } from 'react-toastify';
import { DtcCodeInput } from './dtc-code-input';
import { FileDrop } from './file-drop';
import { IN_WIZARD, useWizardPage } from './use-wizard-draft';
import { useWizardFiles } from './use-wizard-files';
import { WizardHeader } from './wizard-header';
import { EMPTY_PLAN, type PlanValues, planIssues, takesOptions } from './wizard-state';
import { DRAFT_NOT_SAVED_TEXT, draftWriter, type WizardDraft, warnDraftNotSaved } from './wizard-store';

const NOTES_MAX = 2000;

const CATEGORY_LABELS: Record<OptionCategory, string> = {
  performance: 'Performance',
  emissions: 'Emissions',
  security: 'Security',
  maintenance: 'Maintenance',
  service: 'Service',
  display: 'Display',
  diagnostics: 'Diagnostics',
  fuel: 'Fuel',
  transmission: 'Transmission',
  sensors: 'Sensors',
  comfort: 'Comfort',
};

const GROUPS = OPTION_CATEGORIES.map((category) => ({
  category,
  options: SOLUTION_OPTIONS.filter((o) => o.category === category),
})).filter((g) => g.options.length > 0);

function surchargeText(credits: number): string {
  return `+${credits} credit${credits === 1 ? '' : 's'}`;
}

/** /modification-plan, step 2 of 3: the stage, the solutions, notes and the files. */
export default function ModificationPlanPage() {
  const load = useWizardPage('vehicle');
  if (load.status === 'missing') return <Navigate to="/upload-file" replace />;
  if (load.status === 'loading') {
    return (
      <div className="spinner-page" aria-busy="true">
        Loading...
      </div>
    );
  }
  return <PlanForm key={load.data.clientId} initial={load.data} />;
}

type Errors = Partial<Record<'stage' | 'options' | 'ecuFile' | 'commonFiles', string>>;

function PlanForm({ initial }: { initial: WizardDraft }) {
  const navigate = useNavigate();
  const [plan, setPlan] = useState<PlanValues>(initial.plan ?? EMPTY_PLAN);
  const [errors, setErrors] = useState<Errors>({});
  const lastToast = useRef<Id | null>(null);
  const [draft] = useState(() => draftWriter(initial));
  const { vehicle } = initial;
  const optionsOn = plan.stage !== '' && takesOptions(plan.stage);
  const freeStage = STAGES_WITH_FREE_SOLUTIONS.includes(plan.stage as Stage);

  function say(message: string) {
    if (lastToast.current !== null) toast.dismiss(lastToast.current);
    lastToast.current = toast.error(message);
  }

  const {
    ecuFile,
    commonFiles,
    addEcuFile: replaceEcuFile,
    addCommonFiles,
    removeEcuFile,
    removeCommonFile,
  } = useWizardFiles(initial, {
    persist: (ecu, common) => draft.update({ ecuFile: ecu, commonFiles: common }).catch(warnDraftNotSaved),
    refuse: (field, message) => {
      say(message);
      setErrors((e) => ({ ...e, [field]: message }));
    },
    accept: (field) => setErrors((e) => ({ ...e, [field]: undefined })),
  });

  function update(next: PlanValues) {
    setPlan(next);
    draft.update({ plan: next }).catch(warnDraftNotSaved);
  }

  function chooseStage(stage: Stage) {
    // For the three stages without options the chosen options are cleared
    // (docs/product.md#4-the-upload-wizard).
    const keeps = takesOptions(stage);
    update({ ...plan, stage, options: keeps ? plan.options : [], dtcCodes: keeps ? plan.dtcCodes : [] });
    setErrors((e) => ({ ...e, stage: undefined, options: undefined }));
  }

  function toggleOption(name: string, on: boolean) {
    const options = on ? [...plan.options, name] : plan.options.filter((o) => o !== name);
    update({
      ...plan,
      options: SOLUTION_OPTIONS.map((o) => o.name).filter((n) => options.includes(n)),
      // The codes belong to DTC OFF (docs/decisions/092-fault-code-lists.md): they leave with it.
      ...(name === DTC_OFF_OPTION && !on ? { dtcCodes: [] } : {}),
    });
    if (on) setErrors((e) => ({ ...e, options: undefined }));
  }

  /** Stores the step, then opens `to`; the next page reads the store, so a failed save stays here. */
  async function saveAndGo(change: Partial<WizardDraft>, to: string) {
    try {
      await draft.update(change);
    } catch (err) {
      warnDraftNotSaved(err);
      say(DRAFT_NOT_SAVED_TEXT);
      return;
    }
    navigate(to, { state: IN_WIZARD });
  }

  async function onContinue(e: FormEvent) {
    e.preventDefault();
    const issues = planIssues(plan);
    if (!ecuFile) issues.push({ field: 'ecuFile', message: TICKET_MESSAGES.ecuFile });
    setErrors(Object.fromEntries(issues.map((i) => [i.field, i.message])));
    const first = issues[0];
    if (first) {
      say(first.message);
      document.getElementById(`plan-${first.field}`)?.scrollIntoView({ block: 'center' });
      return;
    }
    const finalPlan = { ...plan, notes: plan.notes.trim() };
    await saveAndGo({ plan: finalPlan, ecuFile, commonFiles, reached: 'overview' }, '/overview');
  }

  const vehicleLine = [vehicle.make, vehicle.model, vehicle.year].filter(Boolean).join(' ');

  return (
    <div className="stack wiz-page">
      <WizardHeader
        step={2}
        crumbs={[
          { label: 'Dashboard', to: '/dashboard' },
          { label: 'Portal' },
          { label: 'Upload File', to: '/upload-file' },
          { label: 'Modification Plan' },
        ]}
        title="Modification Plan"
        subtitle={`Choose the stage and the solutions for ${vehicleLine} (${vehicle.registration.toUpperCase()}).`}
      />

      <form className="wiz-form" noValidate onSubmit={onContinue} aria-label="Modification Plan">
        <section className="card wiz-card" id="plan-stage" aria-labelledby="stage-heading">
          <div className="wiz-card-head">
            <h2 id="stage-heading">
              Stage
              <span className="req" aria-hidden="true">
                *
              </span>
            </h2>
            <p className="muted">The tune you want. Stage 1 and Stage 2 include the 18 free solutions.</p>
          </div>
          <div
            className="wiz-stage-grid"
            role="radiogroup"
            aria-labelledby="stage-heading"
            aria-invalid={Boolean(errors.stage)}
          >
            {STAGES.map((stage) => {
              const tag = STAGES_WITH_FREE_SOLUTIONS.includes(stage)
                ? 'Free solutions included'
                : takesOptions(stage)
                  ? 'Solutions 1 credit each'
                  : 'No options';
              return (
                <label key={stage} className={`wiz-stage${plan.stage === stage ? ' selected' : ''}`}>
                  <input
                    type="radio"
                    name="stage"
                    value={stage}
                    checked={plan.stage === stage}
                    onChange={() => chooseStage(stage)}
                  />
                  <span className="wiz-stage-name">{stage}</span>
                  <span className="wiz-stage-tag">{tag}</span>
                </label>
              );
            })}
          </div>
          {errors.stage && <span className="field-error">{errors.stage}</span>}
        </section>

        <section className="card wiz-card" id="plan-options" aria-labelledby="options-heading">
          <div className="wiz-card-head wiz-card-head-row">
            <div>
              <h2 id="options-heading">Options</h2>
              <p className="muted">
                Badges show a surcharge that always applies. Other solutions cost 1 credit
                {freeStage ? `, and the 18 marked free cost nothing with ${plan.stage}` : ''}.
              </p>
            </div>
            {optionsOn && (
              <span className="badge badge-neutral" aria-live="polite">
                {plan.options.length} selected
              </span>
            )}
          </div>
          {plan.stage !== '' && !optionsOn && (
            <div className="notice notice-info" role="status">
              {TICKET_MESSAGES.optionsDisabled}
            </div>
          )}
          {plan.stage === '' && <p className="wiz-hint wiz-options-hint">Choose a stage first.</p>}
          <fieldset
            className="wiz-options"
            disabled={!optionsOn}
            aria-describedby={errors.options ? 'options-error' : undefined}
          >
            <legend className="visually-hidden">Solutions</legend>
            {GROUPS.map((group) => (
              <div key={group.category} className="wiz-option-group">
                <h3>{CATEGORY_LABELS[group.category]}</h3>
                <div className="wiz-option-grid">
                  {group.options.map((o) => {
                    const checked = plan.options.includes(o.name);
                    return (
                      <label key={o.id} className={`wiz-option${checked ? ' selected' : ''}`}>
                        <input
                          type="checkbox"
                          name="options"
                          value={o.name}
                          checked={checked}
                          onChange={(e) => toggleOption(o.name, e.target.checked)}
                        />
                        <span className="wiz-option-name">{o.name}</span>
                        {o.surcharge ? (
                          <span className="badge badge-surcharge">{surchargeText(o.surcharge)}</span>
                        ) : freeStage && o.freeWithStage ? (
                          <span className="badge badge-free">Free</span>
                        ) : null}
                      </label>
                    );
                  })}
                </div>
              </div>
            ))}
          </fieldset>
          {errors.options && (
            <span id="options-error" className="field-error">
              {errors.options}
            </span>
          )}
          {optionsOn && plan.options.includes(DTC_OFF_OPTION) && (
            <DtcCodeInput
              codes={plan.dtcCodes ?? []}
              onChange={(dtcCodes) => update({ ...plan, dtcCodes })}
            />
          )}
        </section>

        <section className="card wiz-card">
          <div className="wiz-card-head">
            <h2 id="notes-heading">
              Notes <span className="wiz-optional">(optional)</span>
            </h2>
            <p className="muted">Anything the tuner should know: hardware changes, fuel, earlier work.</p>
          </div>
          <textarea
            id="notes"
            className="textarea wiz-notes"
            aria-labelledby="notes-heading"
            rows={4}
            maxLength={NOTES_MAX}
            value={plan.notes}
            onChange={(e) => update({ ...plan, notes: e.target.value })}
            placeholder="e.g. Downpipe fitted, 98 RON fuel, customer wants a smooth power delivery."
          />
          <span className="wiz-counter">
            {plan.notes.length} / {NOTES_MAX}
          </span>
        </section>

        <section className="card wiz-card" id="plan-ecuFile" aria-labelledby="plan-files-heading">
          <div className="wiz-card-head">
            <h2 id="plan-files-heading">Files</h2>
          </div>
          <div className="wiz-files">
            <FileDrop
              id="planEcuFile"
              label="Original ECU File"
              required
              files={ecuFile ? [ecuFile] : []}
              onAdd={replaceEcuFile}
              onRemove={removeEcuFile}
              error={errors.ecuFile}
              emptyText="Drop your ECU read here"
              hint="Any file type, up to 20 MB."
            />
            <FileDrop
              id="planCommonFiles"
              label="Additional Files"
              multiple
              files={commonFiles}
              onAdd={addCommonFiles}
              onRemove={removeCommonFile}
              error={errors.commonFiles}
              emptyText="Add logs, photos or other reads"
              hint="Up to 10 files, 100 MB in total."
            />
          </div>
        </section>

        <div className="wiz-actions">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => saveAndGo({ plan, ecuFile, commonFiles }, '/upload-file')}
          >
            <span aria-hidden="true" className="dir-icon">
              ←
            </span>{' '}
            Back
          </button>
          <button type="submit" className="btn wiz-continue">
            Continue{' '}
            <span aria-hidden="true" className="dir-icon">
              →
            </span>
          </button>
        </div>
      </form>
    </div>
  );
}
