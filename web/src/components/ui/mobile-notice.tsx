import { MonitorSmartphone } from 'lucide-react';
import './mobile-notice.css';

/** Spec: under 1024 px wide a notice says the product is not optimised for mobile (CSS shows it). */
export function MobileNotice() {
  return (
    <div className="mobile-notice" role="note">
      <MonitorSmartphone size={18} aria-hidden="true" />
      <span>Tend is not optimised for mobile yet. For the best experience, use a computer with a wider screen.</span>
    </div>
  );
}
