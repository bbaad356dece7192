import { BadRequestException } from '@nestjs/common';

export const ID_MISMATCH_MESSAGE = 'The id in the body does not match the address.';
export const USER_ID_MISMATCH_MESSAGE = 'user_id must be your own id.';

/**
 * The spec's client repeats ids in bodies (`id`, `user_id`). They are accepted only when they say
 * what the address and the session already say: the path's id, the signed-in user's id.
 */
export function assertBodyIds(
  body: { id?: number | undefined; user_id?: number | undefined },
  expected: { id?: number; userId: number },
): void {
  if (expected.id !== undefined && body.id !== undefined && body.id !== expected.id) {
    throw new BadRequestException({ errors: [ID_MISMATCH_MESSAGE] });
  }
  if (body.user_id !== undefined && body.user_id !== expected.userId) {
    throw new BadRequestException({ errors: [USER_ID_MISMATCH_MESSAGE] });
  }
}
