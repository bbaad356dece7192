import { Download } from 'lucide-react';
import { PageHeader } from '@/components/ui/page-header';
import developerModePicture from '../assets/developer-mode.png';
import extensionLoadedPicture from '../assets/extension-loaded.png';
import popupConnectPicture from '../assets/extension-popup-connect.png';
import '../extension.css';

/** The zip the API serves: `extension/dist` of this server's build, set to this server's address. */
export const EXTENSION_ZIP_PATH = '/extension.zip';

/**
 * `/extension` (PRODUCT.md §1): 'Get Chrome Extension' lands here when no Chrome Web Store page is
 * configured. Download the built extension, load it unpacked, connect it. The pictures are
 * Chromium's own screens (scripts/extension-install-pictures.mjs).
 */
export function ExtensionInstallPage() {
  return (
    <div className="page page--narrow">
      <PageHeader title="Get the Chrome extension" />
      <p className="extension-install__lead">
        Save the LinkedIn profile you are looking at to your board in two clicks: name, title, company and photo, ready
        for you to check. The extension reads a page only when you click its button.
      </p>
      <ol className="extension-steps">
        <li className="panel extension-step">
          <h2 className="extension-step__title">Download the extension</h2>
          <p>Download the zip file and unzip it. You get a folder named tend-extension.</p>
          <p>
            <a className="btn btn--primary btn--md extension-step__download" href={EXTENSION_ZIP_PATH} download>
              <Download size={16} aria-hidden="true" />
              Download tend-extension.zip
            </a>
          </p>
        </li>
        <li className="panel extension-step">
          <h2 className="extension-step__title">Turn on Developer mode</h2>
          <p>
            In Chrome, open <code className="extension-step__code">chrome://extensions</code> (type it in the address
            bar) and switch on <strong>Developer mode</strong> at the top right.
          </p>
          <img
            className="extension-step__picture"
            src={developerModePicture}
            width={1100}
            height={112}
            alt="Chrome’s Extensions page with Developer mode switched on and the Load unpacked button on the left."
            loading="lazy"
          />
        </li>
        <li className="panel extension-step">
          <h2 className="extension-step__title">Load unpacked</h2>
          <p>
            Click <strong>Load unpacked</strong> and choose the tend-extension folder. Tend appears among your
            extensions. Pin it with the puzzle icon in the toolbar so its button is always in sight.
          </p>
          <img
            className="extension-step__picture extension-step__picture--card"
            src={extensionLoadedPicture}
            width={400}
            height={210}
            alt="The Tend extension’s card on Chrome’s Extensions page, switched on."
            loading="lazy"
          />
        </li>
        <li className="panel extension-step">
          <h2 className="extension-step__title">Connect it to your board</h2>
          <p>
            Click the Tend button in the toolbar, then <strong>Connect to Tend</strong>. A Tend page opens and asks you
            to approve; after that, open a LinkedIn profile and click the button to save it.
          </p>
          <img
            className="extension-step__picture extension-step__picture--popup"
            src={popupConnectPicture}
            width={360}
            height={334}
            alt="The Tend extension’s window with the Connect to Tend button."
            loading="lazy"
          />
        </li>
      </ol>
    </div>
  );
}
