import type { DeliveryJobDto } from '@ecu/shared';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi } from '../api';
import { adminKeys } from '../queries';
import { type AdminCommand, useAdminCommand } from '../use-admin-command';

export interface RetryDelivery {
  command: AdminCommand<DeliveryJobDto, DeliveryJobDto>;
  /** The job whose retry is being sent, if any. */
  runningId: string | null;
  /** What the last retry did, for a role=status line ('Ticket 100001 is ready: retrying now'). */
  status: string;
  retry: (job: DeliveryJobDto) => Promise<void>;
}

/**
 * Retry of a failing or dead job (POST /admin/deliveries/:queue/:id/retry): the desk and the
 * recipient's page load again after it; a refusal is toasted by useAdminCommand.
 */
export function useRetryDelivery(): RetryDelivery {
  const client = useQueryClient();
  const { i18n } = useLingui();
  const [runningId, setRunningId] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const command = useAdminCommand<DeliveryJobDto, DeliveryJobDto>({
    send: (job) => adminApi.retryDelivery(job),
    failure: i18n._(msg`The job could not be retried`),
    onSuccess: (_answer, job) => {
      void client.invalidateQueries({ queryKey: adminKeys.deliveries });
      if (job.recipient) void client.invalidateQueries({ queryKey: adminKeys.user(job.recipient.userId) });
    },
  });
  return {
    command,
    runningId,
    status,
    async retry(job) {
      setRunningId(job.id);
      setStatus('');
      try {
        const answer = await command.run(job);
        if (answer) setStatus(`${job.label}: ${answer.message || i18n._(msg`retrying`)}`);
      } finally {
        setRunningId(null);
      }
    },
  };
}
