import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { addValidationMessages, validationMessage } from '../../i18n';

/**
 * The English texts the wizard and the upload queue are handed as plain strings (shared's
 * checks, the draft store, the queue's stored errors), in the reader's language. They stay
 * English where they are made, stored and tested; the screen shows them through here. A text
 * this table does not know (a server's answer, already in the reader's language) is shown as
 * it came.
 */
const TEXTS: Record<string, MessageDescriptor> = {
  // shared TICKET_MESSAGES and the schema's required texts.
  'Please select a transmission': msg`Please select a transmission`,
  'Please select read tool': msg`Please select read tool`,
  'Please select a read type': msg`Please select a read type`,
  'Please upload a ecu-file': msg`Please upload a ecu-file`,
  'Please select a stage': msg`Please select a stage`,
  'Please select any option': msg`Please select any option`,
  'Please accept the terms': msg`Please accept the terms`,
  'Options selection is disabled for the current Stage.': msg`Options selection is disabled for the current Stage.`,
  'Please select Master or Slave': msg`Please select Master or Slave`,
  'Make is required': msg`Make is required`,
  'Model is required': msg`Model is required`,
  'Year is required': msg`Year is required`,
  'Registration is required': msg`Registration is required`,
  // shared UPLOAD_MESSAGES.
  'File size should be less than 20.00 MB.': msg`File size should be less than 20.00 MB.`,
  'Total size of additional files should be less than 100.00 MB.': msg`Total size of additional files should be less than 100.00 MB.`,
  'You can add at most 10 additional files.': msg`You can add at most 10 additional files.`,
  'The file is empty.': msg`The file is empty.`,
  // shared DTC_MESSAGES (the invalid code is below).
  'At most 50 fault codes': msg`At most 50 fault codes`,
  // The draft store, the outbox and the upload queue.
  'Your entries could not be saved on this device. Please try again.': msg`Your entries could not be saved on this device. Please try again.`,
  'Failed to create Ecu file': msg`Failed to create Ecu file`,
  'ECU file submitted successfully': msg`ECU file submitted successfully`,
  'A file of this ticket is no longer on this device. Please submit it again.': msg`A file of this ticket is no longer on this device. Please submit it again.`,
  'The upload failed': msg`The upload failed`,
  'Upload paused': msg`Upload paused`,
  'The server gave no upload URL': msg`The server gave no upload URL`,
  'Your file is queued and will be submitted when you are back online.': msg`Your file is queued and will be submitted when you are back online.`,
  'Failed to create Ecu file. It is kept on this device and will be sent again automatically.': msg`Failed to create Ecu file. It is kept on this device and will be sent again automatically.`,
};

// Shown wherever a form shows a shared message (web/src/i18n/validation-messages.ts).
addValidationMessages(Object.entries(TEXTS));

const NOT_A_CODE = /^"(.*)" is not a fault code: a letter P, C, B or U and four characters, like P0420$/s;
const UPLOAD_ANSWER = /^(The server is not answering|The upload was refused) \((\d+)\)$/;

/** One of the wizard's English texts in the reader's language (an unknown one as it is). */
export function wizardText(i18n: I18n, text: string): string {
  const known = validationMessage(text, i18n);
  if (known !== text) return known;
  const code = NOT_A_CODE.exec(text);
  if (code) {
    const raw = code[1] ?? '';
    return i18n._(msg`"${raw}" is not a fault code: a letter P, C, B or U and four characters, like P0420`);
  }
  const answer = UPLOAD_ANSWER.exec(text);
  if (answer) {
    const status = answer[2] ?? '';
    return answer[1] === 'The server is not answering'
      ? i18n._(msg`The server is not answering (${status})`)
      : i18n._(msg`The upload was refused (${status})`);
  }
  return text;
}

/** wizardText bound to the current language, for components. */
export function useWizardText(): (text: string) => string {
  const { i18n } = useLingui();
  return (text) => wizardText(i18n, text);
}

/**
 * A line of the credit quote (shared's quoteTicket labels it in English): the base, or an
 * option with its note. Option names are codes and stay as they are.
 */
export function quoteLineLabel(i18n: I18n, label: string): string {
  if (label === 'Base') return i18n._(msg`Base`);
  const family = /^Base \((.*) ECU family\)$/.exec(label);
  if (family) {
    const make = family[1] ?? '';
    return i18n._(msg`Base (${make} ECU family)`);
  }
  const further = /^(.*) \(free further solution\)$/.exec(label);
  if (further) {
    const option = further[1] ?? '';
    return i18n._(msg`${option} (free further solution)`);
  }
  const withStage = /^(.*) \(free with (.*)\)$/.exec(label);
  if (withStage) {
    const option = withStage[1] ?? '';
    const stage = withStage[2] ?? '';
    return i18n._(msg`${option} (free with ${stage})`);
  }
  return label;
}
