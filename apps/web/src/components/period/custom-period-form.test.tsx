import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CustomPeriodForm } from './custom-period-form';

function renderForm(initial: { from: string; to: string } | null = null) {
  const onApply = vi.fn();
  render(<CustomPeriodForm id="t" initial={initial} onApply={onApply} />);
  const from = screen.getByLabelText('De');
  const to = screen.getByLabelText('Até');
  const type = (input: HTMLElement, value: string) => {
    fireEvent.change(input, { target: { value } });
  };
  return { onApply, from, to, type, apply: screen.getByRole('button', { name: 'Aplicar' }) };
}

describe("'De / Até' (issue 26)", () => {
  it('is a labelled form in dd/mm/aaaa, starting from the dates it is given', () => {
    const { from, to } = renderForm({ from: '2022-01-03', to: '2023-12-30' });
    expect(screen.getByRole('form', { name: 'Período personalizado' })).toBeTruthy();
    expect(from).toHaveProperty('value', '03/01/2022');
    expect(to).toHaveProperty('value', '30/12/2023');
    expect(from.getAttribute('placeholder')).toBe('dd/mm/aaaa');
    // The format is read with each field.
    const hint = document.getElementById(from.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toContain('dd/mm/aaaa');
  });

  it('applies the two days on Enter, the end day included', () => {
    const { onApply, from, to, type } = renderForm();
    type(from, '03/01/2022');
    type(to, '30/12/2023');
    fireEvent.submit(to);
    expect(onApply).toHaveBeenCalledWith({ from: '2022-01-03', to: '2023-12-30' });
  });

  it('asks nothing while typing, only when applied', () => {
    const { onApply, from, to, type, apply } = renderForm();
    type(from, '03/01/2022');
    type(to, '30/12/2023');
    expect(onApply).not.toHaveBeenCalled();
    fireEvent.click(apply);
    expect(onApply).toHaveBeenCalledTimes(1);
  });

  it('says which date is wrong, beside it and aloud, and applies nothing', () => {
    const { onApply, from, to, type, apply } = renderForm();
    type(from, '31/02/2023');
    type(to, '2023-12-30');
    fireEvent.click(apply);
    expect(onApply).not.toHaveBeenCalled();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Data inicial inválida: use dd/mm/aaaa.');
    expect(alert.textContent).toContain('Data final inválida: use dd/mm/aaaa.');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(from.getAttribute('aria-describedby')).toContain('t-from-error');
    expect(to.getAttribute('aria-describedby')).toContain('t-to-error');
  });

  it('refuses an end before the start in the server’s words', () => {
    const { onApply, from, to, type, apply } = renderForm();
    type(from, '30/12/2023');
    type(to, '03/01/2022');
    fireEvent.click(apply);
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(
      'A data inicial deve ser anterior à data final.',
    );
    expect(to.getAttribute('aria-invalid')).toBe('true');
  });
});
