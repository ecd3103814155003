import { formatFileSize, MASTER_SLAVE, READ_TOOLS, READ_TYPES, TRANSMISSIONS } from '@ecu/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { type Id, toast } from 'react-toastify';
import { useDomainName, useFormatLocale } from '../../i18n';
import { ServiceStatusBanner } from '../../service-status';
import { errorIdOf, Field } from '../../ui/field';
import { EcuIdentificationView } from '../common/ecu-identification';
import { ChoicePills } from './choice-pills';
import { EcuPicker } from './ecu-picker';
import { FileDrop } from './file-drop';
import { useEcuIdentification } from './use-ecu-identification';
import { IN_WIZARD, useWizardPage } from './use-wizard-draft';
import { useWizardFiles } from './use-wizard-files';
import { MAKE_SUGGESTIONS } from './vehicle-makes';
import { WizardHeader } from './wizard-header';
import { newWizard, type VehicleValues, vehicleIssues, type WizardIssue } from './wizard-state';
import {
  clearDraft,
  DRAFT_NOT_SAVED_TEXT,
  draftWriter,
  type WizardDraft,
  warnDraftNotSaved,
} from './wizard-store';
import { useWizardText } from './wizard-words';

type Errors = Partial<Record<WizardIssue['field'] | 'commonFiles', string>>;

/** /upload-file, step 1 of 3 (docs/product.md#4-the-upload-wizard): the vehicle, the read and the files. */
export default function UploadFilePage() {
  const load = useWizardPage('nothing');
  const [restart, setRestart] = useState<WizardDraft | null>(null);
  if (load.status !== 'ready') {
    return (
      <div className="spinner-page" aria-busy="true">
        <Trans>Loading...</Trans>
      </div>
    );
  }
  const data = restart ?? load.data;
  return (
    <VehicleForm
      key={data.clientId}
      initial={data}
      restored={!restart && load.restored}
      onStartOver={async () => {
        await clearDraft().catch((err) => console.warn('The draft could not be removed', err));
        setRestart({ ...newWizard(), reached: 'upload-file' });
      }}
    />
  );
}

function VehicleForm({
  initial,
  restored,
  onStartOver,
}: {
  initial: WizardDraft;
  restored: boolean;
  onStartOver: () => void;
}) {
  const { t } = useLingui();
  const wizardText = useWizardText();
  const domainName = useDomainName();
  const locale = useFormatLocale();
  const navigate = useNavigate();
  const [vehicle, setVehicle] = useState<VehicleValues>(initial.vehicle);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const lastToast = useRef<Id | null>(null);
  const [draft] = useState(() => draftWriter(initial));

  function say(message: string) {
    if (lastToast.current !== null) toast.dismiss(lastToast.current);
    lastToast.current = toast.error(wizardText(message));
  }

  const { ecuFile, commonFiles, addEcuFile, addCommonFiles, removeEcuFile, removeCommonFile } =
    useWizardFiles(initial, {
      persist: (ecu, common) => draft.update({ ecuFile: ecu, commonFiles: common }).catch(warnDraftNotSaved),
      refuse: (field, message) => {
        say(message);
        setErrors((e) => ({ ...e, [field]: message }));
      },
      accept: (field) => setErrors((e) => ({ ...e, [field]: undefined })),
    });

  function set<K extends keyof VehicleValues>(key: K, value: VehicleValues[K]) {
    const next = { ...vehicle, [key]: value };
    setVehicle(next);
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
    draft.update({ vehicle: next }).catch(warnDraftNotSaved);
  }

  async function onContinue(e: FormEvent) {
    e.preventDefault();
    const issues = vehicleIssues(vehicle, ecuFile);
    setErrors(Object.fromEntries(issues.map((i) => [i.field, i.message])));
    const first = issues[0];
    if (first) {
      say(first.message);
      document.getElementById(first.field)?.focus();
      return;
    }
    setBusy(true);
    try {
      // Step 2 opens from the store, so it must hold this step first.
      await draft.update({ vehicle, ecuFile, commonFiles, reached: 'modification-plan' });
    } catch (err) {
      setBusy(false);
      warnDraftNotSaved(err);
      say(DRAFT_NOT_SAVED_TEXT);
      return;
    }
    navigate('/modification-plan', { state: IN_WIZARD });
  }

  const totalCommon = commonFiles.reduce((s, f) => s + f.file.size, 0);
  const used = formatFileSize(totalCommon, locale);
  const shown: Errors = Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [field, message && wizardText(message)]),
  );

  return (
    <div className="stack wiz-page">
      <WizardHeader
        step={1}
        crumbs={[{ label: t`Dashboard`, to: '/dashboard' }, { label: t`Portal` }, { label: t`Upload File` }]}
        title={t`Upload File`}
        subtitle={t`Tell us about the vehicle and attach the ECU read. Nothing is charged until you download the tuned file.`}
      />

      <ServiceStatusBanner context="upload" />

      {restored && (
        <div className="notice notice-info notice-row" role="status">
          <span>
            <Trans>We kept the file you started earlier on this device. Carry on where you left off.</Trans>
          </span>
          <button type="button" className="btn btn-secondary btn-sm" onClick={onStartOver}>
            <Trans>Start over</Trans>
          </button>
        </div>
      )}

      <form className="wiz-form" noValidate onSubmit={onContinue} aria-labelledby="vehicle-heading">
        <section className="card wiz-card">
          <div className="wiz-card-head">
            <h2 id="vehicle-heading">
              <Trans>Vehicle Parameters</Trans>
            </h2>
            <p className="muted">
              <Trans>As on the vehicle documents. The ECU ID is on the ECU label or in your tool.</Trans>
            </p>
          </div>

          <div className="wiz-grid">
            <TextField
              id="make"
              label={t`Make`}
              value={vehicle.make}
              error={shown.make}
              list="make-suggestions"
              placeholder={t`e.g. Volkswagen`}
              autoComplete="off"
              maxLength={60}
              onChange={(v) => set('make', v)}
            />
            <datalist id="make-suggestions">
              {MAKE_SUGGESTIONS.map((m) => (
                <option key={m} value={m} />
              ))}
            </datalist>
            <TextField
              id="model"
              label={t`Model`}
              value={vehicle.model}
              error={shown.model}
              placeholder={t`e.g. Golf 2.0 TDI`}
              maxLength={80}
              onChange={(v) => set('model', v)}
            />
            <TextField
              id="year"
              label={t`Year`}
              value={vehicle.year}
              error={shown.year}
              placeholder={t`e.g. 2019`}
              inputMode="numeric"
              maxLength={20}
              onChange={(v) => set('year', v)}
            />
            <TextField
              id="registration"
              label={t`Registration`}
              value={vehicle.registration}
              error={shown.registration}
              placeholder={t`e.g. AB12 CDE`}
              maxLength={20}
              className="wiz-reg"
              onChange={(v) => set('registration', v)}
            />

            <div className="field wiz-span-2">
              <span className="wiz-field-label" id="ecuId-label">
                <Trans>
                  ECU ID <span className="wiz-optional">(optional)</span>
                </Trans>
              </span>
              <EcuPicker id="ecuId" value={vehicle.ecuId} onChange={(v) => set('ecuId', v)} />
            </div>

            <div className="wiz-span-2">
              <ChoicePills
                name="transmission"
                legend={t`Transmission`}
                options={TRANSMISSIONS.map((value) => ({ value, label: domainName(value) }))}
                value={vehicle.transmission}
                onChange={(v) => set('transmission', v)}
                error={shown.transmission}
              />
            </div>

            <SelectField
              id="readTool"
              label={t`Read Tool`}
              placeholder={t`Select read tool`}
              options={READ_TOOLS}
              value={vehicle.readTool}
              error={shown.readTool}
              onChange={(v) => set('readTool', v as VehicleValues['readTool'])}
            />
            <SelectField
              id="readType"
              label={t`Read Type`}
              placeholder={t`Select read type`}
              options={READ_TYPES}
              optionLabel={domainName}
              value={vehicle.readType}
              error={shown.readType}
              onChange={(v) => set('readType', v as VehicleValues['readType'])}
            />

            <div className="wiz-span-2">
              <ChoicePills
                name="masterSlave"
                legend={t`Master / Slave`}
                options={MASTER_SLAVE.map((value) => ({ value, label: domainName(value) }))}
                value={vehicle.masterSlave}
                onChange={(v) => set('masterSlave', v)}
                hint={t`Slave: further solutions for the same registration are free for 21 days. Master: every extra is charged.`}
              />
            </div>
          </div>
        </section>

        <section className="card wiz-card" aria-labelledby="files-heading">
          <div className="wiz-card-head">
            <h2 id="files-heading">
              <Trans>Files</Trans>
            </h2>
            <p className="muted">
              <Trans>Files are kept on this device until they are sent, so you can submit offline.</Trans>
            </p>
          </div>
          <div className="wiz-files">
            <div className="wiz-ecu-file">
              <FileDrop
                id="ecuFile"
                label={t`ECU File`}
                required
                files={ecuFile ? [ecuFile] : []}
                onAdd={addEcuFile}
                onRemove={removeEcuFile}
                error={shown.ecuFile}
                emptyText={t`Drop your ECU read here`}
                hint={t`Any file type, up to 20 MB.`}
              />
              <EcuFileIdentification file={ecuFile?.file ?? null} ecuId={vehicle.ecuId} />
            </div>
            <FileDrop
              id="commonFiles"
              label={t`Upload Additional Files`}
              multiple
              files={commonFiles}
              onAdd={addCommonFiles}
              onRemove={removeCommonFile}
              error={shown.commonFiles}
              emptyText={t`Add logs, photos or other reads`}
              hint={
                commonFiles.length
                  ? t`Up to 10 files, 100 MB in total (${used} used).`
                  : t`Up to 10 files, 100 MB in total.`
              }
            />
          </div>
        </section>

        <div className="wiz-actions">
          <Link to="/help" className="wiz-help-link">
            <Trans>Vehicle not found? Read the help</Trans>
          </Link>
          <button type="submit" className="btn wiz-continue" disabled={busy}>
            <Trans>Continue</Trans>
            <span aria-hidden="true" className="dir-icon">
              →
            </span>
          </button>
        </div>
      </form>
    </div>
  );
}

/** What the picked read says about itself, worked out on this device; advice only, never a block. */
function EcuFileIdentification({ file, ecuId }: { file: File | null; ecuId: string }) {
  const { state, result } = useEcuIdentification(file, ecuId);
  if (result) return <EcuIdentificationView result={result} />;
  if (state === 'reading')
    return (
      <p className="muted ecu-id-reading">
        <Trans>Reading the file…</Trans>
      </p>
    );
  if (state === 'failed')
    return (
      <p className="muted ecu-id-reading">
        <Trans>The file could not be read on this device.</Trans>
      </p>
    );
  return null;
}

function TextField({
  id,
  label,
  value,
  error,
  onChange,
  className,
  ...rest
}: {
  id: keyof VehicleValues;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  className?: string;
  placeholder?: string;
  maxLength?: number;
  list?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'text';
}) {
  return (
    <Field id={id} label={label} error={error} starred>
      <input
        id={id}
        name={id}
        type="text"
        className={`input${className ? ` ${className}` : ''}`}
        required
        aria-required="true"
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorIdOf(id) : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...rest}
      />
    </Field>
  );
}

function SelectField({
  id,
  label,
  placeholder,
  options,
  optionLabel = (o) => o,
  value,
  error,
  onChange,
}: {
  id: keyof VehicleValues;
  label: string;
  placeholder: string;
  options: readonly string[];
  optionLabel?: (option: string) => string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={label} error={error} starred>
      <select
        id={id}
        name={id}
        className="select"
        required
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorIdOf(id) : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {optionLabel(o)}
          </option>
        ))}
      </select>
    </Field>
  );
}
