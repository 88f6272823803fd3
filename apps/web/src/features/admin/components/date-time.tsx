/**
 * 'YYYY-MM-DD HH:mm:ss' that may break between the day and the time on a narrow column; the text
 * stays the same.
 */
export function DateTime({ value }: { value: string }) {
  const [day, time] = value.split(' ');
  return (
    <span className="tabular-nums">
      <span className="whitespace-nowrap">{day}</span> <span className="whitespace-nowrap">{time}</span>
    </span>
  );
}
