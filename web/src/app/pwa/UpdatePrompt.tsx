import { Button } from '../../ui/Button';

interface UpdatePromptProps {
  onReload(): void;
}

/** A new version is ready: the user chooses when to reload, so nothing half-typed is lost. */
export function UpdatePrompt({ onReload }: UpdatePromptProps) {
  return (
    <div className="update-prompt" role="status">
      <p className="update-prompt__text">A new version of Cull Log is ready.</p>
      <Button onPress={onReload}>Reload to update</Button>
    </div>
  );
}
