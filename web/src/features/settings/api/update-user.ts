import type { UpdateUserRequest, User } from '@tend/contracts';
import { api } from '../../../lib/api-client';

/** `PATCH /api/users/{id}` with allow-listed fields only. */
export function updateUser(userId: number, body: UpdateUserRequest): Promise<User> {
  return api<User>(`/api/users/${userId}`, { method: 'PATCH', body });
}
