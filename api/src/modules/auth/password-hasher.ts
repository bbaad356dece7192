import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

/** OWASP's argon2id floor: 19 MiB, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher {
  /** Verified against when the email is unknown, so both failures take the same time. */
  private dummyHash: Promise<string> | undefined;

  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_OPTIONS);
  }

  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    this.dummyHash ??= argon2.hash('dummy-password-for-timing', ARGON2_OPTIONS);
    const target = hash ?? (await this.dummyHash);
    try {
      const ok = await argon2.verify(target, password);
      return ok && hash !== null && hash !== undefined;
    } catch {
      return false;
    }
  }
}
