import { Button, type ButtonProps } from '@/components/ui/button';
import { useCreateTier } from '../api/create-tier';

/**
 * '+ Add Column': a 'New Column' at the end of the board, scrolled into view. The board shows it
 * after its last column and in its toolbar, where it stays in reach however far the board scrolls.
 */
export function AddColumnButton({ size, className }: Pick<ButtonProps, 'size' | 'className'>) {
  const createTier = useCreateTier();
  return (
    <Button
      variant="secondary"
      size={size}
      className={className}
      loading={createTier.isPending}
      onClick={() =>
        createTier.mutate(undefined, {
          onSuccess: (tier) =>
            requestAnimationFrame(() =>
              document
                .querySelector(`[data-tier-id="${tier.id}"]`)
                ?.scrollIntoView?.({ behavior: 'smooth', inline: 'nearest', block: 'nearest' }),
            ),
        })
      }
    >
      + Add Column
    </Button>
  );
}
