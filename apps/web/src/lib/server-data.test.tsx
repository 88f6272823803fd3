import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  readServerData,
  serverDataScript,
  ServerDataProvider,
  useServerData,
  type ServerData,
} from './server-data';

afterEach(() => {
  document.body.innerHTML = '';
});

function pageWith(html: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, 'text/html');
}

describe('the data block of a server-rendered page', () => {
  it('survives the trip through the page, even with text that would end the element', () => {
    const serverData: ServerData = {
      queryKey: ['public', 'profile', 'jan', null],
      data: { description: '</script><script>alert(1)</script> <!-- ż' },
    };
    const script = serverDataScript(serverData);
    expect(script).not.toMatch(/<\/script>.*<\/script>/s);
    const page = pageWith(`${script}<p>after</p>`);
    expect(page.querySelectorAll('script')).toHaveLength(1);
    expect(readServerData(page)).toEqual(serverData);
  });

  it('is null when missing, broken or not the expected shape', () => {
    expect(readServerData(pageWith('<p>none</p>'))).toBeNull();
    expect(
      readServerData(pageWith('<script type="application/json" id="server-data">{oops</script>')),
    ).toBeNull();
    expect(
      readServerData(pageWith('<script type="application/json" id="server-data">{"data":1}</script>')),
    ).toBeNull();
    expect(
      readServerData(pageWith('<script type="application/json" id="server-data">null</script>')),
    ).toBeNull();
  });
});

function Reader({ queryKey }: { queryKey: unknown[] }) {
  const data = useServerData<string>(queryKey);
  return <p>{data ?? 'none'}</p>;
}

function Remount({ queryKey }: { queryKey: unknown[] }) {
  const [round, setRound] = useState(0);
  return (
    <>
      <Reader key={round} queryKey={queryKey} />
      <button type="button" onClick={() => setRound((r) => r + 1)}>
        again
      </button>
    </>
  );
}

describe('useServerData', () => {
  it('hands the data to the first render of its page only', () => {
    render(
      <ServerDataProvider value={{ queryKey: ['a', 1], data: 'served' }}>
        <Remount queryKey={['a', 1]} />
      </ServerDataProvider>,
    );
    expect(screen.getByText('served')).toBeInTheDocument();
    screen.getByRole('button', { name: 'again' }).click();
    return screen.findByText('none');
  });

  it('gives nothing to another key', () => {
    render(
      <ServerDataProvider value={{ queryKey: ['a', 1], data: 'served' }}>
        <Reader queryKey={['a', 2]} />
      </ServerDataProvider>,
    );
    expect(screen.getByText('none')).toBeInTheDocument();
  });
});
