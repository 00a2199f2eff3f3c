/** A failure of the reports screen: `message` is the §8 text, `detail` what went wrong. */
export class ReportsError extends Error {
  override name = 'ReportsError';
  constructor(
    message: string,
    readonly detail?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
