import { checkEcuFile, SOLUTION_ITEMS, uploadSolutionFieldsSchema } from '@ecu/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useDomainName } from '../../i18n';
import { errorIdOf, Field } from '../../ui/field';
import { useAdminCommand, useOfflineActionText } from '../use-admin-command';
import { SolutionChoices } from './solution-choices';
import { solutionKeys, solutionsApi, type UploadPair } from './solutions-api';

type Errors = Partial<Record<'item' | 'softwareNumber' | 'original' | 'modified', string>>;

/**
 * 'Upload original + modified': a solution for one stage or option from the pair an engineer
 * exports from WinOLS (POST /admin/solutions/upload). The server reads the software number from
 * the original; the one typed here counts only when it cannot.
 */
export function SolutionUpload({ online }: { online: boolean }) {
  const { t } = useLingui();
  const offlineText = useOfflineActionText();
  const domainWord = useDomainName();
  const client = useQueryClient();
  const headingId = useId();
  const ids = {
    item: useId(),
    softwareNumber: useId(),
    original: useId(),
    modified: useId(),
  };
  const formRef = useRef<HTMLFormElement>(null);
  const [item, setItem] = useState('');
  const [softwareNumber, setSoftwareNumber] = useState('');
  const [files, setFiles] = useState<{ original: File | null; modified: File | null }>({
    original: null,
    modified: null,
  });
  const [approve, setApprove] = useState(false);
  const [includesChecksum, setIncludesChecksum] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const upload = useAdminCommand({
    send: (pair: UploadPair) => solutionsApi.uploadPair(pair),
    failure: t`Failed to add the solution`,
    success: t`Solution added to the library`,
    onSuccess: () => void client.invalidateQueries({ queryKey: solutionKeys.all }),
  });

  function check(): Errors {
    const found: Errors = {};
    const parsed = uploadSolutionFieldsSchema.safeParse({
      item,
      softwareNumber: softwareNumber.trim() || undefined,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        found[key] ??= issue.message;
      }
    }
    for (const key of ['original', 'modified'] as const) {
      const file = files[key];
      if (!file)
        found[key] =
          key === 'original' ? t`Please select the original file` : t`Please select the modified file`;
      else {
        const size = checkEcuFile(file.size);
        if (!size.ok) found[key] = size.message;
      }
    }
    return found;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!online || upload.pending) return;
    const found = check();
    setErrors(found);
    const first = (['item', 'softwareNumber', 'original', 'modified'] as const).find((k) => found[k]);
    if (first) {
      document.getElementById(ids[first])?.focus();
      return;
    }
    const answer = await upload.run({
      item,
      softwareNumber,
      approve,
      includesChecksum,
      original: files.original!,
      modified: files.modified!,
    });
    if (answer) {
      formRef.current?.reset();
      setItem('');
      setSoftwareNumber('');
      setFiles({ original: null, modified: null });
      setApprove(false);
      setIncludesChecksum(false);
    }
  }

  const described = (key: keyof Errors) => (errors[key] ? errorIdOf(ids[key]) : undefined);

  return (
    <section className="card solution-upload" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Upload original + modified</Trans>
      </h2>
      <p className="muted">
        <Trans>
          A solution for one stage or option from an engineer's pair of files (e.g. exported from WinOLS). The
          files are read for their changes and not kept.
        </Trans>
      </p>
      <form ref={formRef} onSubmit={submit} noValidate>
        <div className="solution-upload-grid">
          <Field id={ids.item} label={t`Stage or option`} error={errors.item} starred>
            <select
              id={ids.item}
              className="input"
              value={item}
              required
              aria-invalid={Boolean(errors.item)}
              aria-describedby={described('item')}
              disabled={!online}
              onChange={(e) => {
                setItem(e.target.value);
                setErrors((x) => ({ ...x, item: undefined }));
              }}
            >
              <option value="">{t`Choose...`}</option>
              {SOLUTION_ITEMS.map((name) => (
                <option key={name} value={name}>
                  {domainWord(name)}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id={ids.softwareNumber}
            label={t`Software number (if the file does not say)`}
            error={errors.softwareNumber}
          >
            <input
              id={ids.softwareNumber}
              className="input"
              value={softwareNumber}
              autoComplete="off"
              spellCheck={false}
              maxLength={40}
              aria-invalid={Boolean(errors.softwareNumber)}
              aria-describedby={described('softwareNumber')}
              disabled={!online}
              onChange={(e) => {
                setSoftwareNumber(e.target.value);
                setErrors((x) => ({ ...x, softwareNumber: undefined }));
              }}
            />
          </Field>
          {(['original', 'modified'] as const).map((key) => (
            <Field
              key={key}
              id={ids[key]}
              label={key === 'original' ? t`Original file` : t`Modified file`}
              error={errors[key]}
              starred
            >
              <input
                id={ids[key]}
                type="file"
                className="input solution-upload-file"
                required
                aria-invalid={Boolean(errors[key])}
                aria-describedby={described(key)}
                disabled={!online}
                onChange={(e) => {
                  const file = e.target.files?.[0] ?? null;
                  setFiles((f) => ({ ...f, [key]: file }));
                  setErrors((x) => ({ ...x, [key]: undefined }));
                }}
              />
            </Field>
          ))}
        </div>
        <SolutionChoices
          approve={approve}
          onApprove={setApprove}
          includesChecksum={includesChecksum}
          onIncludesChecksum={setIncludesChecksum}
          disabled={!online}
        />
        <div className="form-actions">
          <button type="submit" className="btn" disabled={!online || upload.pending}>
            {upload.pending ? <Trans>Adding...</Trans> : <Trans>Add solution</Trans>}
          </button>
        </div>
        {!online && <p className="muted">{offlineText}</p>}
      </form>
    </section>
  );
}
