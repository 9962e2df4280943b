/** '1 lecture', '3 lectures', '0 lectures'. */
export const plural = (count: number, noun: string) => `${count} ${count === 1 ? noun : `${noun}s`}`;
