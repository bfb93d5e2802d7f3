/** The current instant; the system clock in production, a fixed or moving one in tests. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
