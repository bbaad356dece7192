import { Gamepad2, Hash, Mail, MessageSquareMore, Phone, Video } from 'lucide-react';
import { LinkedInIcon } from '@/components/ui/linkedin-icon';

/** One icon per contact method of the spec (lucide ships no brand marks: Slack is a hash, Discord a pad). */
export function ContactMethodIcon({ method, size = 14 }: { method: string; size?: number }) {
  switch (method) {
    case 'LinkedIn message':
      return <LinkedInIcon size={size} />;
    case 'Virtual call':
      return <Video size={size} aria-hidden="true" />;
    case 'Email':
      return <Mail size={size} aria-hidden="true" />;
    case 'Phone call':
      return <Phone size={size} aria-hidden="true" />;
    case 'Slack':
      return <Hash size={size} aria-hidden="true" />;
    case 'Discord':
      return <Gamepad2 size={size} aria-hidden="true" />;
    default:
      return <MessageSquareMore size={size} aria-hidden="true" />;
  }
}
