import type { ConnectedExtension } from '@tend/contracts';
import { Monitor, Puzzle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useNotify } from '@/components/ui/toast';
import { readErrorMessage } from '@/lib/api-client';
import { formatLongDate } from '@/lib/dates';
import { useConnectedExtensions, useDisconnectExtension } from '../api/connected-extensions';
import '../connected-extensions-section.css';

export const EXTENSION_DISCONNECTED_MESSAGE = 'Extension disconnected.';
export const EXTENSION_DISCONNECT_FAILED_MESSAGE = 'Could not disconnect the extension. Please try again.';

function lastUse(extension: ConnectedExtension): string {
  const date = formatLongDate(extension.last_used_at);
  return date ? `Last used ${date}` : 'Not used yet';
}

/**
 * Settings › Connected extensions: every browser where the Chrome extension is connected to this
 * account, when it was connected and last used, and 'Disconnect' (its token stops working at once;
 * the extension then asks to connect again).
 */
export function ConnectedExtensionsSection() {
  const extensions = useConnectedExtensions();
  const disconnect = useDisconnectExtension();
  const notify = useNotify();
  const [confirming, setConfirming] = useState<ConnectedExtension | null>(null);

  const confirm = () => {
    if (!confirming) return;
    disconnect.mutate(confirming.id, {
      onSuccess: () => {
        setConfirming(null);
        notify.success(EXTENSION_DISCONNECTED_MESSAGE);
      },
      onError: (error) => notify.error(readErrorMessage(error, EXTENSION_DISCONNECT_FAILED_MESSAGE)),
    });
  };

  return (
    <section className="panel" aria-labelledby="extensions-heading">
      <h2 id="extensions-heading" className="panel__title">
        <Puzzle size={20} aria-hidden="true" />
        Connected extensions
      </h2>
      <p className="panel__text">
        The Tend extension for Chrome can add LinkedIn profiles to your board. It cannot see your account, email,
        password or billing.
      </p>
      {extensions.isPending ? (
        <Spinner label="Loading connected extensions" />
      ) : extensions.isError ? (
        <div className="panel__row" role="alert">
          <p className="panel__text">{readErrorMessage(extensions.error, 'Could not load connected extensions.')}</p>
          <Button variant="secondary" size="sm" onClick={() => void extensions.refetch()}>
            Try again
          </Button>
        </div>
      ) : extensions.data.length === 0 ? (
        <p className="panel__text">No extension is connected.</p>
      ) : (
        <ul className="connected-extensions" aria-label="Connected extensions">
          {extensions.data.map((extension) => (
            <li key={extension.id} className="connected-extensions__item">
              <Monitor size={20} aria-hidden="true" className="connected-extensions__icon" />
              <div className="connected-extensions__details">
                <p className="panel__value">{extension.browser ?? 'Chrome extension'}</p>
                <p className="panel__text">
                  Connected {formatLongDate(extension.created_at)} · {lastUse(extension)}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setConfirming(extension)}
                aria-label={`Disconnect ${extension.browser ?? 'Chrome extension'}, connected ${formatLongDate(extension.created_at)}`}
              >
                Disconnect
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !disconnect.isPending) setConfirming(null);
        }}
        title="Disconnect extension?"
        description={
          <p>The extension in {confirming?.browser ?? 'that browser'} will stop working until you connect it again.</p>
        }
        confirmLabel="Disconnect"
        tone="danger"
        pending={disconnect.isPending}
        onConfirm={confirm}
      />
    </section>
  );
}
