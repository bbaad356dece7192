import { WORDS } from '@tend/contracts';
import {
  CalendarCheck,
  ChevronDown,
  Columns3,
  Users,
  CircleUserRound,
  FileUp,
  LogOut,
  Puzzle,
  Settings,
  UserRound,
} from 'lucide-react';
import { useState, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { buttonClassName } from '@/components/ui/button';
import { Wordmark } from '@/components/ui/logo';
import { Menu, MenuItem, MenuLabel, MenuSeparator } from '@/components/ui/menu';
import { Tooltip } from '@/components/ui/tooltip';
import { LogOutDialog } from '@/features/auth/components/log-out-dialog';
import { useNotifications } from '@/features/notifications/api/get-notifications';
import { NotificationsMenu } from '@/features/notifications/components/notifications-menu';
import { usePublicConfig } from '@/lib/config';
import { ROUTES } from '@/lib/routes';
import { useCurrentUser } from '@/lib/session';
import './top-bar.css';

interface TopBarProps {
  /** The board's toolbar (the filter box), after the logo. */
  toolbar?: ReactNode;
}

/**
 * Below 1280 px the links (Board, Today, Network, Get Chrome Extension) show their icon only: with
 * their words the bar left the board's filter box ~90 px at 1024 px, the narrowest width the app
 * serves (the mobile notice covers narrower screens). From 1280 px they keep their words.
 */
export const COMPACT_TOP_BAR_QUERY = '(max-width: 1279.98px)';

const EXTENSION_LABEL = 'Get Chrome Extension';

function compactQuery(): MediaQueryList | null {
  // jsdom has no matchMedia: the bar keeps its words there.
  return typeof window.matchMedia === 'function' ? window.matchMedia(COMPACT_TOP_BAR_QUERY) : null;
}

function subscribeCompact(onChange: () => void): () => void {
  const query = compactQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

function useCompactTopBar(): boolean {
  return useSyncExternalStore(
    subscribeCompact,
    () => compactQuery()?.matches ?? false,
    () => false,
  );
}

interface BarLinkLabelProps {
  label: string;
  compact: boolean;
}

/**
 * A link's words: beside its icon, or (compact) only for screen readers, so its accessible name
 * stays the same at every width; the tooltip then shows them on hover and keyboard focus.
 */
function BarLinkLabel({ label, compact }: BarLinkLabelProps) {
  return compact ? <span className="visually-hidden">{label}</span> : <>{label}</>;
}

/** A compact link is as narrow as the bell beside it. */
const iconLinkClass = (compact: boolean) => (compact ? 'top-bar__icon-link' : undefined);

/** The compact link with its words in a tooltip under it; the link alone otherwise. */
function BarLinkTooltip({ label, compact, children }: BarLinkLabelProps & { children: ReactElement }) {
  return compact ? (
    <Tooltip content={label} side="bottom">
      {children}
    </Tooltip>
  ) : (
    children
  );
}

/**
 * One of the top bar's places: its icon and words (the words in a tooltip when compact), shown
 * as the current place while it is open; `extra` follows the words (Today's count).
 */
function BarLink({
  to,
  label,
  icon,
  compact,
  className,
  extra,
}: BarLinkLabelProps & { to: string; icon: ReactNode; className?: string; extra?: ReactNode }) {
  const classes = [className, iconLinkClass(compact)].filter(Boolean).join(' ') || undefined;
  return (
    <BarLinkTooltip label={label} compact={compact}>
      <NavLink
        to={to}
        className={({ isActive }) =>
          buttonClassName({ variant: isActive ? 'secondary' : 'ghost', size: 'sm', className: classes })
        }
      >
        {icon}
        <BarLinkLabel label={label} compact={compact} />
        {extra}
      </NavLink>
    </BarLinkTooltip>
  );
}

/**
 * "Today" (issue 24) with how many people are due today or overdue: the bell's list is exactly
 * those, one per person, so its length is the count (no second request for a number).
 */
function TodayLink({ compact }: { compact: boolean }) {
  const due = useNotifications().data?.length ?? 0;
  return (
    <BarLink
      to={ROUTES.today}
      label="Today"
      icon={<CalendarCheck size={16} aria-hidden="true" />}
      compact={compact}
      className="top-bar__today"
      extra={
        due > 0 ? (
          <span className="top-bar__today-count">
            {due > 99 ? '99+' : due}
            <span className="visually-hidden"> due</span>
          </span>
        ) : null
      }
    />
  );
}

export function TopBar({ toolbar }: TopBarProps) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [logOutOpen, setLogOutOpen] = useState(false);
  const config = usePublicConfig();
  const compact = useCompactTopBar();

  return (
    <header className="top-bar">
      {/* One frame on every signed-in screen (issue 27 point 7): the logo first, the board's filter
          after it; the board used to show no logo at all. */}
      <div className="top-bar__start">
        <Link to={ROUTES.board} className="logo-link" aria-label="Tend board">
          <Wordmark size={26} />
        </Link>
        {toolbar}
      </div>
      <div className="top-bar__end">
        {/* The board, beside Today and the network: with three places to be, each needs a named
            way there (the logo alone did not say where it leads). Active on the board and on a
            card opened over it. */}
        <BarLink
          to={ROUTES.board}
          label={WORDS.board}
          icon={<Columns3 size={16} aria-hidden="true" />}
          compact={compact}
        />
        <TodayLink compact={compact} />
        {/* The network (issue 26): everyone brought in who is not on the board. */}
        <BarLink
          to={ROUTES.network}
          label={WORDS.network}
          icon={<Users size={16} aria-hidden="true" />}
          compact={compact}
        />
        <NotificationsMenu />
        {/* The store page in a new tab when one is configured, else the app's own install page (one
            element either way, so it keeps its place and focus when the config arrives). */}
        <BarLinkTooltip label={EXTENSION_LABEL} compact={compact}>
          <Link
            className={buttonClassName({ variant: 'secondary', size: 'sm', className: iconLinkClass(compact) })}
            to={config.chrome_extension_url || ROUTES.extension}
            {...(config.chrome_extension_url ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            <Puzzle size={16} aria-hidden="true" />
            <BarLinkLabel label={EXTENSION_LABEL} compact={compact} />
          </Link>
        </BarLinkTooltip>
        <Menu
          label="My Account"
          trigger={
            <button type="button" className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
              <CircleUserRound size={18} aria-hidden="true" />
              My Account
              <ChevronDown size={16} aria-hidden="true" />
            </button>
          }
        >
          <MenuLabel>
            <span className="menu__user-name">{user.name}</span>
            <span className="menu__user-email">{user.email}</span>
          </MenuLabel>
          <MenuSeparator />
          <MenuItem icon={<FileUp size={16} aria-hidden="true" />} onSelect={() => void navigate(ROUTES.import)}>
            Import contacts
          </MenuItem>
          <MenuItem icon={<Settings size={16} aria-hidden="true" />} onSelect={() => void navigate(ROUTES.settings)}>
            Settings
          </MenuItem>
          <MenuItem icon={<UserRound size={16} aria-hidden="true" />} onSelect={() => void navigate(ROUTES.account)}>
            Account
          </MenuItem>
          <MenuSeparator />
          <MenuItem icon={<LogOut size={16} aria-hidden="true" />} onSelect={() => setLogOutOpen(true)}>
            {WORDS.logOutMenuItem}
          </MenuItem>
        </Menu>
      </div>
      <LogOutDialog open={logOutOpen} onOpenChange={setLogOutOpen} />
    </header>
  );
}
