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
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { type Id, toast } from 'react-toastify';
import { useDomainName } from '../../i18n';
import { DtcCodeInput } from './dtc-code-input';
import { FileDrop } from './file-drop';
import { IN_WIZARD, useWizardPage } from './use-wizard-draft';
import { useWizardFiles } from './use-wizard-files';
import { WizardHeader } from './wizard-header';
import { EMPTY_PLAN, type PlanValues, planIssues, takesOptions } from './wizard-state';
import { DRAFT_NOT_SAVED_TEXT, draftWriter, type WizardDraft, warnDraftNotSaved } from './wizard-store';
import { useWizardText } from './wizard-words';

const NOTES_MAX = 2000;

const CATEGORY_LABELS: Record<OptionCategory, MessageDescriptor> = {
  performance: msg`Performance`,
  emissions: msg`Emissions`,
  security: msg`Security`,
  maintenance: msg`Maintenance`,
  service: msg`Service`,
  display: msg`Display`,
  diagnostics: msg`Diagnostics`,
  fuel: msg`Fuel`,
  transmission: msg`Transmission`,
  sensors: msg`Sensors`,
  comfort: msg`Comfort`,
};

const GROUPS = OPTION_CATEGORIES.map((category) => ({
  category,
  options: SOLUTION_OPTIONS.filter((o) => o.category === category),
})).filter((g) => g.options.length > 0);

/** /modification-plan, step 2 of 3: the stage, the solutions, notes and the files. */
export default function ModificationPlanPage() {
  const load = useWizardPage('vehicle');
  if (load.status === 'missing') return <Navigate to="/upload-file" replace />;
  if (load.status === 'loading') {
    return (
      <div className="spinner-page" aria-busy="true">
        <Trans>Loading...</Trans>
      </div>
    );
  }
  return <PlanForm key={load.data.clientId} initial={load.data} />;
}

type Errors = Partial<Record<'stage' | 'options' | 'ecuFile' | 'commonFiles', string>>;

function PlanForm({ initial }: { initial: WizardDraft }) {
  const { i18n, t } = useLingui();
  const wizardText = useWizardText();
  const domainName = useDomainName();
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
    lastToast.current = toast.error(wizardText(message));
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
  const registration = vehicle.registration.toUpperCase();
  const chosenStage = plan.stage;
  const shown: Errors = Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [field, message && wizardText(message)]),
  );

  return (
    <div className="stack wiz-page">
      <WizardHeader
        step={2}
        crumbs={[
          { label: t`Dashboard`, to: '/dashboard' },
          { label: t`Portal` },
          { label: t`Upload File`, to: '/upload-file' },
          { label: t`Modification Plan` },
        ]}
        title={t`Modification Plan`}
        subtitle={t`Choose the stage and the solutions for ${vehicleLine} (${registration}).`}
      />

      <form className="wiz-form" noValidate onSubmit={onContinue} aria-label={t`Modification Plan`}>
        <section className="card wiz-card" id="plan-stage" aria-labelledby="stage-heading">
          <div className="wiz-card-head">
            <h2 id="stage-heading">
              <Trans>Stage</Trans>
              <span className="req" aria-hidden="true">
                *
              </span>
            </h2>
            <p className="muted">
              <Trans>The tune you want. Stage 1 and Stage 2 include the 18 free solutions.</Trans>
            </p>
          </div>
          <div
            className="wiz-stage-grid"
            role="radiogroup"
            aria-labelledby="stage-heading"
            aria-invalid={Boolean(errors.stage)}
          >
            {STAGES.map((stage) => {
              const tag = STAGES_WITH_FREE_SOLUTIONS.includes(stage)
                ? t`Free solutions included`
                : takesOptions(stage)
                  ? t`Solutions 1 credit each`
                  : t`No options`;
              return (
                <label key={stage} className={`wiz-stage${plan.stage === stage ? ' selected' : ''}`}>
                  <input
                    type="radio"
                    name="stage"
                    value={stage}
                    checked={plan.stage === stage}
                    onChange={() => chooseStage(stage)}
                  />
                  <span className="wiz-stage-name">{domainName(stage)}</span>
                  <span className="wiz-stage-tag">{tag}</span>
                </label>
              );
            })}
          </div>
          {shown.stage && <span className="field-error">{shown.stage}</span>}
        </section>

        <section className="card wiz-card" id="plan-options" aria-labelledby="options-heading">
          <div className="wiz-card-head wiz-card-head-row">
            <div>
              <h2 id="options-heading">
                <Trans>Options</Trans>
              </h2>
              <p className="muted">
                {freeStage
                  ? t`Badges show a surcharge that always applies. Other solutions cost 1 credit, and the 18 marked free cost nothing with ${chosenStage}.`
                  : t`Badges show a surcharge that always applies. Other solutions cost 1 credit.`}
              </p>
            </div>
            {optionsOn && (
              <span className="badge badge-neutral" aria-live="polite">
                <Plural value={plan.options.length} one="# selected" other="# selected" />
              </span>
            )}
          </div>
          {plan.stage !== '' && !optionsOn && (
            <div className="notice notice-info" role="status">
              {wizardText(TICKET_MESSAGES.optionsDisabled)}
            </div>
          )}
          {plan.stage === '' && (
            <p className="wiz-hint wiz-options-hint">
              <Trans>Choose a stage first.</Trans>
            </p>
          )}
          <fieldset
            className="wiz-options"
            disabled={!optionsOn}
            aria-describedby={errors.options ? 'options-error' : undefined}
          >
            <legend className="visually-hidden">
              <Trans>Solutions</Trans>
            </legend>
            {GROUPS.map((group) => (
              <div key={group.category} className="wiz-option-group">
                <h3>{i18n._(CATEGORY_LABELS[group.category])}</h3>
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
                          <span className="badge badge-surcharge">
                            <Plural value={o.surcharge} one="+# credit" other="+# credits" />
                          </span>
                        ) : freeStage && o.freeWithStage ? (
                          <span className="badge badge-free">
                            <Trans>Free</Trans>
                          </span>
                        ) : null}
                      </label>
                    );
                  })}
                </div>
              </div>
            ))}
          </fieldset>
          {shown.options && (
            <span id="options-error" className="field-error">
              {shown.options}
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
              <Trans>
                Notes <span className="wiz-optional">(optional)</span>
              </Trans>
            </h2>
            <p className="muted">
              <Trans>Anything the tuner should know: hardware changes, fuel, earlier work.</Trans>
            </p>
          </div>
          <textarea
            id="notes"
            className="textarea wiz-notes"
            aria-labelledby="notes-heading"
            rows={4}
            maxLength={NOTES_MAX}
            value={plan.notes}
            onChange={(e) => update({ ...plan, notes: e.target.value })}
            placeholder={t`e.g. Downpipe fitted, 98 RON fuel, customer wants a smooth power delivery.`}
          />
          <span className="wiz-counter">
            {plan.notes.length} / {NOTES_MAX}
          </span>
        </section>

        <section className="card wiz-card" id="plan-ecuFile" aria-labelledby="plan-files-heading">
          <div className="wiz-card-head">
            <h2 id="plan-files-heading">
              <Trans>Files</Trans>
            </h2>
          </div>
          <div className="wiz-files">
            <FileDrop
              id="planEcuFile"
              label={t`Original ECU File`}
              required
              files={ecuFile ? [ecuFile] : []}
              onAdd={replaceEcuFile}
              onRemove={removeEcuFile}
              error={shown.ecuFile}
              emptyText={t`Drop your ECU read here`}
              hint={t`Any file type, up to 20 MB.`}
            />
            <FileDrop
              id="planCommonFiles"
              label={t`Additional Files`}
              multiple
              files={commonFiles}
              onAdd={addCommonFiles}
              onRemove={removeCommonFile}
              error={shown.commonFiles}
              emptyText={t`Add logs, photos or other reads`}
              hint={t`Up to 10 files, 100 MB in total.`}
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
            <Trans>Back</Trans>
          </button>
          <button type="submit" className="btn wiz-continue">
            <Trans>Continue</Trans>{' '}
            <span aria-hidden="true" className="dir-icon">
              →
            </span>
          </button>
        </div>
      </form>
    </div>
  );
}
