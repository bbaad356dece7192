import type { UpdateUserRequest, User } from '@tend/contracts';
import { api } from './api-client';

/**
 * `PATCH /api/users/{id}` with allow-listed fields: the one call that changes the signed-in user
 * (plan choices in billing and on the board, email, password and reminder emails in settings). Answers the user.
 */
export function updateUser(userId: number, body: UpdateUserRequest): Promise<User> {
  return api<User>(`/api/users/${userId}`, { method: 'PATCH', body });
}
