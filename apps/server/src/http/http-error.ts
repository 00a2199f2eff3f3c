/** A failure a service reports on purpose: its status and the pt-BR text the caller reads. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
