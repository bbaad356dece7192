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
import { useState, type ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { buttonClassName } from '@/components/ui/button';
import { Wordmark } from '@/components/ui/logo';
import { Menu, MenuItem, MenuLabel, MenuSeparator } from '@/components/ui/menu';
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
 * "Today" (issue 24) with how many people are due today or overdue: the bell's list is exactly
 * those, one per person, so its length is the count (no second request for a number).
 */
function TodayLink() {
  const due = useNotifications().data?.length ?? 0;
  return (
    <NavLink
      to={ROUTES.today}
      className={({ isActive }) =>
        buttonClassName({ variant: isActive ? 'secondary' : 'ghost', size: 'sm', className: 'top-bar__today' })
      }
    >
      <CalendarCheck size={16} aria-hidden="true" />
      Today
      {due > 0 ? (
        <span className="top-bar__today-count">
          {due > 99 ? '99+' : due}
          <span className="visually-hidden"> due</span>
        </span>
      ) : null}
    </NavLink>
  );
}

/**
 * The board, beside Today and the network: with three places to be, each needs a named way there
 * (the logo alone did not say where it leads). Active on the board and on a card opened over it.
 */
function BoardLink() {
  return (
    <NavLink
      to={ROUTES.board}
      className={({ isActive }) => buttonClassName({ variant: isActive ? 'secondary' : 'ghost', size: 'sm' })}
    >
      <Columns3 size={16} aria-hidden="true" />
      {WORDS.board}
    </NavLink>
  );
}

/** The network (issue 26): everyone brought in who is not on the board. */
function NetworkLink() {
  return (
    <NavLink
      to={ROUTES.network}
      className={({ isActive }) => buttonClassName({ variant: isActive ? 'secondary' : 'ghost', size: 'sm' })}
    >
      <Users size={16} aria-hidden="true" />
      {WORDS.network}
    </NavLink>
  );
}

export function TopBar({ toolbar }: TopBarProps) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [logOutOpen, setLogOutOpen] = useState(false);
  const config = usePublicConfig();

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
        <BoardLink />
        <TodayLink />
        <NetworkLink />
        <NotificationsMenu />
        {/* The store page in a new tab when one is configured, else the app's own install page (one
            element either way, so it keeps its place and focus when the config arrives). */}
        <Link
          className={buttonClassName({ variant: 'secondary', size: 'sm' })}
          to={config.chrome_extension_url || ROUTES.extension}
          {...(config.chrome_extension_url ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          <Puzzle size={16} aria-hidden="true" />
          Get Chrome Extension
        </Link>
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
