import { BadRequestException, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

/** Turns zod issues into the sentences the API answers with in `{"errors": [...]}`. */
export function describeIssues(error: z.ZodError): string[] {
  const messages = error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.length === 1
        ? `Unknown field "${issue.keys[0]}".`
        : `Unknown fields: ${issue.keys.map((k) => `"${k}"`).join(', ')}.`;
    }
    if (issue.code === 'invalid_type' && issue.path.length > 0 && /received undefined/i.test(issue.message)) {
      const field = issue.path.join('.');
      return `${field.charAt(0).toUpperCase()}${field.slice(1)} is required.`;
    }
    // Messages are the product's own sentences (the spec's 'Invalid URL' has no full stop); zod's
    // generic ones (lower-case) get the field name in front.
    const message = issue.message;
    return /^[A-Z]/.test(message) || issue.path.length === 0 ? message : `${issue.path.join('.')}: ${message}`;
  });
  return [...new Set(messages)];
}

/** Parses a body that arrives in a shape a pipe cannot see (multipart `contact[...]` keys), or throws 400. */
export function parseBody<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw new BadRequestException({ errors: describeIssues(result.error) });
  return result.data;
}

export class ZodValidationPipe<T extends z.ZodType> implements PipeTransform<unknown, z.infer<T>> {
  constructor(private readonly schema: T) {}

  transform(value: unknown, metadata: ArgumentMetadata): z.infer<T> {
    let input = value;
    if (metadata.type === 'body') {
      input = value === undefined || value === null ? {} : value;
      if (typeof input !== 'object' || Array.isArray(input)) {
        throw new BadRequestException({ errors: ['The request body must be a JSON object.'] });
      }
    }
    const result = this.schema.safeParse(input);
    if (!result.success) throw new BadRequestException({ errors: describeIssues(result.error) });
    return result.data;
  }
}
