import { Trash2 } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import './delete-button.css';

/** A quiet red button that asks to delete: an interaction's 'Delete'. */
export function DeleteButton(props: Omit<ButtonProps, 'variant' | 'size' | 'icon' | 'className'>) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className="btn--danger-ghost"
      icon={<Trash2 size={16} aria-hidden="true" />}
      {...props}
    />
  );
}
