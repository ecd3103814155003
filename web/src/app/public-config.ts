import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { apiRequest } from '../local/api-client';
import { localDb } from '../local/db';

/** Settings the server shares with every visitor (support address, seller block, payments mode). */
export interface PublicConfig {
  supportEmail: string;
  company: { name: string; address: string; vatId: string };
  /** 'off': the server takes no card payments (no provider configured). */
  payments: { mode: 'sandbox' | 'stripe' | 'off'; publishableKey: string | null };
  /** Chat messages can be machine-translated (POST /chat/translate); absent from an older server. */
  chatTranslation?: boolean;
}

const FALLBACK: PublicConfig = {
  supportEmail: 'support@localhost.localdomain',
  company: { name: 'ECU Portal', address: '', vatId: '' },
  payments: { mode: 'sandbox', publishableKey: null },
};

let fetched = false;

/** Asks the server once per page load and keeps its answer in the local database. */
export function fetchPublicConfig(): void {
  if (fetched) return;
  fetched = true;
  apiRequest<PublicConfig>('GET', '/public-config')
    .then(({ data }) => localDb.meta.put({ key: 'publicConfig', value: data }))
    .catch(() => {
      fetched = false;
    });
}

export function usePublicConfig(): PublicConfig {
  const cached = useLiveQuery(
    async () => (await localDb.meta.get('publicConfig'))?.value as PublicConfig | undefined,
  );
  useEffect(fetchPublicConfig, []);
  return cached ?? FALLBACK;
}
