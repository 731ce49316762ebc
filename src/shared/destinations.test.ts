import { describe, expect, it } from 'vitest';
import { searchedGhanaNumber } from './destinations.js';

describe('searchedGhanaNumber (issue 27 point 7)', () => {
  it('reads the common Ghana forms of a mobile number as the orders keep it', () => {
    for (const typed of ['0241234567', '241234567', '+233241234567', '233241234567', '233 24 123 4567', '024-123-4567', '(024) 123 4567']) {
      expect(searchedGhanaNumber(typed), typed).toBe('0241234567');
    }
  });

  it('is null for what is not a whole Ghana mobile number', () => {
    for (const typed of ['4123', '#12', 'Ama Mensah', 'MP12345', '02412345678', '0141234567', '', 'CC4ACD7K']) {
      expect(searchedGhanaNumber(typed), typed).toBeNull();
    }
  });
});
