import { useState } from 'react';
import { errorMessage } from '@web/shared/api';
import { useSyncNowMutation } from '../api/listening-settings.api';
import { syncResultMessage } from '../sync-status';

export type SyncNotice = { kind: 'success' | 'error'; text: string } | null;

/** 'Sync now': asks the API to ingest the fan's latest plays and says what happened. */
export function useSyncNow() {
  const [syncCall, { isLoading }] = useSyncNowMutation();
  const [notice, setNotice] = useState<SyncNotice>(null);

  const sync = async () => {
    setNotice(null);
    try {
      const answer = await syncCall().unwrap();
      setNotice({ kind: 'success', text: syncResultMessage(answer.data, answer.message) });
    } catch (error) {
      setNotice({ kind: 'error', text: errorMessage(error, 'Syncing did not work. Please try again in a minute.') });
    }
  };

  return { sync, syncing: isLoading, notice, dismiss: () => setNotice(null) };
}
