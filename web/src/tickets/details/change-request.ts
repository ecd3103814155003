import {
  isDelivered,
  MASTER_SLAVE,
  type MasterSlave,
  quoteRevision,
  type RequestChangeInput,
  STAGES,
  type Stage,
  type TicketQuote,
} from '@ecu/shared';
import { apiRequest } from '../../local/api-client';
import type { TicketView } from '../common/api';
import { type PlanValues, takesOptions } from '../wizard/wizard-state';

/** What the 'Request a change' form holds (the plan as in the wizard, plus Master/Slave). */
export interface ChangeValues extends PlanValues {
  masterSlave: MasterSlave;
}

/** A change can be requested on a delivered ticket: a tuned file and Completed or Unlocked. */
export function canRequestChange(ticket: Pick<TicketView, 'status' | 'ecuTunedFile'>): boolean {
  return isDelivered({ status: ticket.status, hasTunedFile: Boolean(ticket.ecuTunedFile) });
}

/** The form starts from the delivered ticket's own plan: a change usually adjusts it. */
export function initialChange(ticket: Pick<TicketView, 'stage' | 'options' | 'masterSlave'>): ChangeValues {
  const stage = (STAGES as readonly string[]).includes(ticket.stage) ? (ticket.stage as Stage) : '';
  const masterSlave = MASTER_SLAVE.find((m) => m === ticket.masterSlave) ?? 'Master';
  return {
    stage,
    options: stage && takesOptions(stage) ? [...(ticket.options ?? [])] : [],
    notes: '',
    masterSlave,
  };
}

/** The price shown before confirming: the same rule the server applies (null until a stage is chosen). */
export function changeQuote(
  parent: Pick<TicketView, 'make' | 'createdAt' | 'chainStartedAt'>,
  values: ChangeValues,
  now: Date = new Date(),
): TicketQuote | null {
  if (!values.stage) return null;
  return quoteRevision({
    // A rework's age counts from the chain's first ticket, as on the server.
    parent: { make: parent.make, createdAt: parent.chainStartedAt ?? parent.createdAt },
    stage: values.stage,
    options: takesOptions(values.stage) ? values.options : [],
    masterSlave: values.masterSlave,
    now,
  });
}

/** The body of POST /ecuFile/request-change; the clientId makes a repeated submit one revision. */
export function changeRequestBody(
  parentTicketNumber: number,
  values: ChangeValues,
  clientId: string,
): RequestChangeInput {
  return {
    parentTicketNumber,
    clientId,
    stage: values.stage as Stage,
    options: values.stage && takesOptions(values.stage) ? values.options : [],
    // None named: the server carries the parent's codes over when DTC OFF stays chosen.
    dtcCodes: [],
    notes: values.notes.trim(),
    masterSlave: values.masterSlave,
  };
}

export const requestChangeApi = (body: RequestChangeInput) =>
  apiRequest<TicketView>('POST', '/ecuFile/request-change', body);
