import { NOTIFICATION_TITLE_TRUNCATION, truncate, type Notification } from '@tend/contracts';
import { Bell, Check, Clock } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { DateDialog } from '@/components/ui/date-dialog';
import { Menu, MenuEmpty, MenuGroup, MenuItem, MenuLabel, MenuSub } from '@/components/ui/menu';
import { SnoozeMenuItems } from '@/components/ui/snooze-menu-items';
import { useFollowUpActions, type FollowUpTarget } from '@/components/ui/use-follow-up-actions';
import { userToday } from '@/lib/follow-ups';
import { contactFollowUpPath } from '@/lib/routes';
import { useCurrentUser } from '@/lib/session';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationViewed } from '../api/mark-notification-viewed';
import './notifications-menu.css';

/** How late a follow-up is, in words: "Today", "1 day overdue", "3 days overdue". */
export function overdueWords(daysOverdue: number): string {
  if (daysOverdue <= 0) return 'Today';
  return `${daysOverdue} ${daysOverdue === 1 ? 'day' : 'days'} overdue`;
}

interface NotificationRowProps {
  notification: Notification;
  onOpen: () => void;
  onDone: (target: FollowUpTarget) => void;
  onSnoozeDays: (target: FollowUpTarget, days: number) => void;
  onPickDate: (target: FollowUpTarget) => void;
}

/**
 * One person due: the item that opens their Follow-up tab, then Done and Snooze. The three are
 * menu items of one labelled group, so arrow keys walk them in order and a screen reader hears
 * whose they are ("Done: Ada Lovelace").
 */
function NotificationRow({ notification, onOpen, onDone, onSnoozeDays, onPickDate }: NotificationRowProps) {
  const name = notification.contact_name;
  const target = { contactId: notification.contact_id, name };
  const when = overdueWords(notification.days_overdue);
  return (
    <MenuGroup label={name} className="notification-row">
      <MenuItem
        className={`notification${notification.unread ? ' notification--unread' : ''}`}
        onSelect={onOpen}
        icon={<Avatar name={name} src={notification.contact_photo_url} size={32} />}
      >
        <span className="notification__text">
          <span className="notification__title" title={notification.title}>
            {truncate(notification.title, NOTIFICATION_TITLE_TRUNCATION)}
          </span>
          <span className={`notification__date${notification.days_overdue > 0 ? ' notification__date--overdue' : ''}`}>
            {when}
          </span>
        </span>
        {notification.unread ? (
          <span className="notification__dot">
            <span className="visually-hidden">, unread</span>
          </span>
        ) : null}
      </MenuItem>
      <div className="notification-row__actions">
        <MenuItem
          className="notification-row__action"
          icon={<Check size={14} aria-hidden="true" />}
          aria-label={`Done: ${name}`}
          keepOpen
          onSelect={() => onDone(target)}
        >
          Done
        </MenuItem>
        <MenuSub
          label={`Snooze ${name}`}
          trigger="Snooze"
          triggerLabel={`Snooze ${name}`}
          triggerClassName="notification-row__action"
          icon={<Clock size={14} aria-hidden="true" />}
        >
          <SnoozeMenuItems
            name={name}
            onSnoozeDays={(days) => onSnoozeDays(target, days)}
            onPickDate={() => onPickDate(target)}
          />
        </MenuSub>
      </div>
    </MenuGroup>
  );
}

/**
 * The top bar's bell (issue 24): the unread count, then each person due today or overdue, oldest
 * first, with Done and Snooze on their row. Opening one marks it viewed and opens that contact on
 * its Follow-up message tab.
 */
export function NotificationsMenu() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const notifications = useNotifications();
  const markViewed = useMarkNotificationViewed();
  const actions = useFollowUpActions(userToday(user.time_zone));

  const list = [...(notifications.data ?? [])].sort(
    (a, b) => b.days_overdue - a.days_overdue || a.contact_name.localeCompare(b.contact_name),
  );
  const unread = list.filter((notification) => notification.unread).length;

  const open = (notification: Notification) => {
    if (!notification.viewed) markViewed.mutate(notification.id);
    void navigate(contactFollowUpPath(notification.contact_id));
  };

  let body;
  if (notifications.isPending) body = <MenuEmpty>Loading follow-ups...</MenuEmpty>;
  else if (notifications.isError && list.length === 0) body = <MenuEmpty>Follow-ups could not be loaded.</MenuEmpty>;
  else if (list.length === 0) {
    body = (
      <MenuEmpty>
        No one is due today. Set a cadence in a column&apos;s menu, or a next contact date on an interaction, to be
        reminded here.
      </MenuEmpty>
    );
  } else {
    body = list.map((notification) => (
      <NotificationRow
        key={notification.id}
        notification={notification}
        onOpen={() => open(notification)}
        onDone={actions.markDone}
        onSnoozeDays={(target, days) => actions.snoozeFor(target, { days })}
        onPickDate={actions.setPickDateFor}
      />
    ));
  }

  return (
    <>
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
        <MenuLabel>{list.length > 0 ? `Due (${list.length})` : 'Notifications'}</MenuLabel>
        {body}
      </Menu>
      <DateDialog {...actions.snoozeDateDialog} />
    </>
  );
}
