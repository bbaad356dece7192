/** One contact's interactions: the key lives in `@/lib` because Done on the Today page and in the bell refreshes it too. */
export { interactionKeys } from '@/lib/interaction-keys';
