import { localDate, NOTIFICATION_TITLE_TRUNCATION, truncate, type Notification } from '@tend/contracts';
import { Bell, CheckCheck } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { Menu, MenuEmpty, MenuItem, MenuLabel, MenuSeparator } from '@/components/ui/menu';
import { formatLongDate } from '@/lib/dates';
import { contactFollowUpPath } from '@/lib/routes';
import { useCurrentUser } from '@/lib/session';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead, useMarkNotificationViewed } from '../api/mark-notifications';
import './notifications-menu.css';

/** A `YYYY-MM-DD` follow-up date in long English ("March 3, 2026"), as that calendar day. */
function formatFollowUpDate(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return formatLongDate(new Date(year ?? 0, (month ?? 1) - 1, date ?? 1)) ?? day;
}

function today(timeZone: string): string {
  try {
    return localDate(timeZone);
  } catch {
    return localDate(Intl.DateTimeFormat().resolvedOptions().timeZone);
  }
}

function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  return (
    <MenuItem
      className={`notification${notification.unread ? ' notification--unread' : ''}`}
      onSelect={onOpen}
      icon={<Avatar name={notification.contact_name} src={notification.contact_photo_url} size={32} />}
    >
      <span className="notification__text">
        <span className="notification__title" title={notification.title}>
          {truncate(notification.title, NOTIFICATION_TITLE_TRUNCATION)}
        </span>
        <span className="notification__date">{formatFollowUpDate(notification.date)}</span>
      </span>
      {notification.unread ? (
        <span className="notification__dot">
          <span className="visually-hidden">, unread</span>
        </span>
      ) : null}
    </MenuItem>
  );
}

/**
 * The top bar's bell (PRODUCT.md §4): the unread count, then the follow-ups due (on or before the
 * user's today) apart from the upcoming ones. Opening one marks it viewed and opens that contact
 * on its Follow-up message tab.
 */
export function NotificationsMenu() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const notifications = useNotifications();
  const markViewed = useMarkNotificationViewed();
  const markAllRead = useMarkAllNotificationsRead();

  const list = notifications.data ?? [];
  const unread = list.filter((notification) => notification.unread).length;
  const now = today(user.time_zone);
  const due = list.filter((notification) => notification.date <= now);
  const upcoming = list.filter((notification) => notification.date > now);

  const open = (notification: Notification) => {
    if (!notification.viewed) markViewed.mutate(notification.id);
    void navigate(contactFollowUpPath(notification.contact_id));
  };

  const items = (group: Notification[]) =>
    group.map((notification) => (
      <NotificationItem key={notification.id} notification={notification} onOpen={() => open(notification)} />
    ));

  let body;
  if (notifications.isPending) body = <MenuEmpty>Loading notifications...</MenuEmpty>;
  else if (notifications.isError && list.length === 0) body = <MenuEmpty>Notifications could not be loaded.</MenuEmpty>;
  else if (list.length === 0) {
    body = <MenuEmpty>No follow-ups yet. Set a next contact date on an interaction to be reminded here.</MenuEmpty>;
  } else {
    body = (
      <>
        {due.length > 0 ? (
          <>
            <MenuLabel>Due</MenuLabel>
            {items(due)}
          </>
        ) : null}
        {upcoming.length > 0 ? (
          <>
            {due.length > 0 ? <MenuSeparator /> : null}
            <MenuLabel>Upcoming</MenuLabel>
            {items(upcoming)}
          </>
        ) : null}
        <MenuSeparator />
        <MenuItem
          icon={<CheckCheck size={16} aria-hidden="true" />}
          onSelect={() => markAllRead.mutate(undefined)}
          disabled={unread === 0}
        >
          Mark all as read
        </MenuItem>
      </>
    );
  }

  return (
    <Menu
      label="Notifications"
      className="notifications-menu"
      scrollable
      trigger={
        <button type="button" className="icon-btn top-bar__bell" aria-label={`Notifications, ${unread} unread`}>
          <Bell size={20} aria-hidden="true" />
          {unread > 0 ? (
            <span className="top-bar__badge top-bar__badge--unread" aria-hidden="true">
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </button>
      }
    >
      <MenuLabel>Notifications</MenuLabel>
      {body}
    </Menu>
  );
}
