// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {LibClone} from "solady/src/utils/LibClone.sol";
import {PorticoSmartAccount} from "./PorticoSmartAccount.sol";

/// @title PorticoAccountFactory
/// @notice Makes PorticoSmartAccount proxies at CREATE2 addresses. Its interface is the one
/// viem's `toSoladySmartAccount` drives: `createAccount(owner, salt)`, `getAddress(salt)`.
/// @dev The address depends on the salt only, so the salt must start with the owner's
/// address: nobody can take another owner's account address, and each owner has 2^96
/// accounts (the low 12 bytes).
contract PorticoAccountFactory {
    error SaltDoesNotStartWithOwner();

    /// @notice The PorticoSmartAccount implementation behind every proxy.
    address public immutable implementation;

    constructor(address erc4337) payable {
        implementation = erc4337;
    }

    /// @notice Deploys the account for `owner` and `salt` (or returns it when it exists).
    /// Any value sent goes to the account.
    function createAccount(address owner, bytes32 salt) public payable returns (address) {
        if (address(bytes20(salt)) != owner) revert SaltDoesNotStartWithOwner();
        (bool alreadyDeployed, address account) = LibClone.createDeterministicERC1967(msg.value, implementation, salt);
        if (!alreadyDeployed) PorticoSmartAccount(payable(account)).initialize(owner);
        return account;
    }

    /// @notice The address `createAccount(owner, salt)` deploys to.
    function getAddress(bytes32 salt) public view returns (address) {
        return LibClone.predictDeterministicAddressERC1967(implementation, salt, address(this));
    }

    /// @notice The init code hash of the proxies, for off-chain address prediction.
    function initCodeHash() public view returns (bytes32) {
        return LibClone.initCodeHashERC1967(implementation);
    }
}
