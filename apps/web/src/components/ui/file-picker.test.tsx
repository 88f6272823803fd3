import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/offers-api';
import { FilePicker } from './file-picker';

function Picker() {
  const [file, setFile] = useState<File | null>(null);
  return (
    <FilePicker
      label="Protokół z rozprawy (PDF, opcjonalnie)"
      hint="PDF, najwyżej 5 MB"
      accept="application/pdf,.pdf"
      file={file}
      onFile={setFile}
    />
  );
}

describe('the product’s file control (issue 34)', () => {
  it('is named by its field, reached with Tab, says which file is chosen and lets it be removed', async () => {
    const user = userEvent.setup();
    renderWithApp(<Picker />);
    const input = screen.getByLabelText('Protokół z rozprawy (PDF, opcjonalnie)');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAccessibleDescription('PDF, najwyżej 5 MB Nie wybrano pliku');
    await user.tab();
    expect(input).toHaveFocus();
    expect(screen.getByText('Wybierz plik')).toBeVisible();

    await user.upload(input, new File(['%PDF-1.4'], 'protokol.pdf', { type: 'application/pdf' }));
    expect(input).toHaveAccessibleDescription('PDF, najwyżej 5 MB protokol.pdf');
    expect(screen.getByText('Zmień plik')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Usuń plik protokol.pdf' }));
    expect(input).toHaveAccessibleDescription('PDF, najwyżej 5 MB Nie wybrano pliku');
    expect(input).toHaveFocus();
  });
});
