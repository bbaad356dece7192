import type { Import } from '@tend/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useUpgrade } from '@/features/billing/hooks/use-upgrade';
import { useTiers } from '@/features/board/api/get-tiers';
import { ImportPage } from '@/features/import/components/import-page';
import { contactKeys } from '@/lib/contact-keys';
import { networkKeys } from '@/lib/network-keys';
import { useCurrentUser } from '@/lib/session';
import { useBoardRoom } from './use-board-room';

/**
 * The import screen composed with what it needs from other features: the board's columns (where
 * new people go), billing's upgrade (the free plan's offer) and the contacts cache, refreshed when
 * an import ends so the board shows what came in.
 */
export function ImportScreen() {
  const user = useCurrentUser();
  const tiers = useTiers();
  const room = useBoardRoom();
  const queryClient = useQueryClient();
  const { upgrade, pending, unavailable } = useUpgrade('new-tab');
  const onFinished = useCallback(
    (run: Import) => {
      if (run.imported > 0 || run.updated > 0) {
        void queryClient.invalidateQueries({ queryKey: contactKeys.all });
        void queryClient.invalidateQueries({ queryKey: networkKeys.all });
      }
    },
    [queryClient],
  );
  const upgradeAction = useMemo(
    () => ({ onUpgrade: () => upgrade(user.id), upgrading: pending, unavailable }),
    [upgrade, user.id, pending, unavailable],
  );
  return (
    <ImportPage
      tiers={tiers.data}
      tiersError={tiers.error}
      onRetryTiers={() => void tiers.refetch()}
      upgrade={upgradeAction}
      onFinished={onFinished}
      room={room}
    />
  );
}
