/** Call fn at most once per `ms` (a trailing call when asked again meanwhile). */
export function throttle(fn: () => void, ms: number): () => void {
  let timer: NodeJS.Timeout | undefined;
  let again = false;
  return () => {
    if (timer) {
      again = true;
      return;
    }
    fn();
    timer = setTimeout(() => {
      timer = undefined;
      if (again) {
        again = false;
        fn();
      }
    }, ms);
    timer.unref();
  };
}
