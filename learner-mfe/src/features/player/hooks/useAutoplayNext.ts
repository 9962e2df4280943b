import { useState } from 'react';

const KEY = 'courseport.autoplayNextLecture';

function remembered(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** "Autoplay next lecture": off until the student turns it on, remembered in this browser. */
export function useAutoplayNext(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(remembered);
  const choose = (value: boolean) => {
    setOn(value);
    try {
      localStorage.setItem(KEY, value ? '1' : '0');
    } catch {
      // Storage refused (private mode): the choice lasts for this page.
    }
  };
  return [on, choose];
}
