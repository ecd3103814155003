import { checkAdditionalFiles, checkEcuFile } from '@ecu/shared';
import { useState } from 'react';
import { newWizardFile, type WizardData, type WizardFile } from './wizard-state';

export type FileField = 'ecuFile' | 'commonFiles';

/**
 * The ECU file and the additional files of the wizard (steps 1 and 2): picked or dropped
 * files pass the shared size checks, and every change is handed to `persist` so the draft
 * keeps it.
 */
export function useWizardFiles(
  initial: Pick<WizardData, 'ecuFile' | 'commonFiles'>,
  on: {
    persist: (ecuFile: WizardFile | null, commonFiles: WizardFile[]) => void;
    refuse: (field: FileField, message: string) => void;
    accept: (field: FileField) => void;
  },
) {
  const [ecuFile, setEcuFile] = useState<WizardFile | null>(initial.ecuFile);
  const [commonFiles, setCommonFiles] = useState<WizardFile[]>(initial.commonFiles);

  function addEcuFile(files: File[]): boolean {
    const file = files[0];
    if (!file) return false;
    const check = checkEcuFile(file.size);
    if (!check.ok) {
      on.refuse('ecuFile', check.message);
      return false;
    }
    const next = newWizardFile(file);
    setEcuFile(next);
    on.accept('ecuFile');
    on.persist(next, commonFiles);
    return true;
  }

  function addCommonFiles(files: File[]): boolean {
    const check = checkAdditionalFiles([...commonFiles.map((f) => f.file.size), ...files.map((f) => f.size)]);
    if (!check.ok) {
      on.refuse('commonFiles', check.message);
      return false;
    }
    const next = [...commonFiles, ...files.map(newWizardFile)];
    setCommonFiles(next);
    on.accept('commonFiles');
    on.persist(ecuFile, next);
    return true;
  }

  function removeEcuFile() {
    setEcuFile(null);
    on.persist(null, commonFiles);
  }

  function removeCommonFile(id: string) {
    const next = commonFiles.filter((f) => f.id !== id);
    setCommonFiles(next);
    on.persist(ecuFile, next);
  }

  return { ecuFile, commonFiles, addEcuFile, addCommonFiles, removeEcuFile, removeCommonFile };
}
