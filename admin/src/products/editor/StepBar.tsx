import { EDITOR_STEPS } from "@fitshop/contracts"
import { Step, StepButton, Stepper } from "@mui/material"

type Props = { current: number; canOpen: (step: number) => boolean; onOpen: (step: number) => void }

/** The wizard's step bar: earlier steps, and steps whose previous steps are all valid, can be opened. */
export function StepBar({ current, canOpen, onOpen }: Props) {
  return (
    <Stepper nonLinear activeStep={current} alternativeLabel>
      {EDITOR_STEPS.map((name, index) => (
        <Step key={name} completed={false}>
          <StepButton disabled={!canOpen(index)} onClick={() => onOpen(index)}>
            {name}
          </StepButton>
        </Step>
      ))}
    </Stepper>
  )
}
